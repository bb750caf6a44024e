#!/usr/bin/env node
// The entry: --help and --version only. Everything else (meow, the posts,
// React, Ink, marked) is loaded after them, so those two start as fast as Node.
import {help, version} from './help.js';

// `blogread --print post | head` closes the pipe early: that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
	if (error.code === 'EPIPE') process.exit(0);
	throw error;
});

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
	process.stdout.write(`${version(import.meta.url)}\n`);
} else if (args.length === 1 && (args[0] === '--help' || args[0] === '-h')) {
	process.stdout.write(help.replace(/^\n/, '') + '\n');
} else {
	import('./program.js').then(async ({program}) => program.run(args, async () => import('./ui/run.js'))).catch((error: unknown) => {
		process.stderr.write(`blogread: unexpected error: ${error instanceof Error ? error.message : String(error)}\n`);
		process.exit(1);
	});
}
