// Files of the bundle's vendor folder, each required the first time it is
// needed (scripts/bundle.mjs bundles them on their own): large parts that most
// runs never use are not parsed at every start. A file is looked for beside
// the code that asks: from `chunks/` (the bin's code) or from the build's
// folder (an entry point that holds the code itself, as the benchmark's do).
import {createRequire} from 'node:module';

const require = createRequire(import.meta.url);

/** The vendor file `file`, required on the first call and kept. */
export function vendorModule<Module>(file: string): () => Module {
	let loaded: Module | undefined;
	return () => {
		loaded ??= requireVendor<Module>(file);
		return loaded;
	};
}

function requireVendor<Module>(file: string): Module {
	for (const candidate of [`../vendor/${file}`, `./vendor/${file}`]) {
		try {
			return require(candidate) as Module;
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
		}
	}

	throw new Error(`vendor/${file} is missing`);
}
