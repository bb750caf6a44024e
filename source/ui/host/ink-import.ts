/**
 * Loads a module that imports Ink, with the environment's DEV unset while Ink is evaluated. Ink reads
 * DEV=true as "connect React's devtools", which blogread does not ship, and then reads a package.json
 * the bin does not have: a shell that sets DEV for its own reasons could not start the app or serve.
 * DEV is back as soon as the module is loaded, for the editor, git and the pager.
 */
export async function importInk<Module>(load: () => Promise<Module>, env = process.env): Promise<Module> {
	const dev = env.DEV;
	delete env.DEV;
	try {
		return await load();
	} finally {
		if (dev !== undefined) env.DEV = dev;
	}
}
