#!/usr/bin/env node
// The bin. --help and --version are answered here; everything else (meow, the
// posts, React, Ink, marked) is imported after them, so those two start as
// fast as Node does.
import {endOnHangUp, terminalGone} from '../ui/host/hang-up.js';
import {importInk} from '../ui/host/ink-import.js';
import {settleColourVariables} from './colour-variables.js';
import {helpText, version} from './help.js';

// First: nothing that may load Node's colour code runs before this.
settleColourVariables(process.env);

// `blogread --print post | head` closes the pipe early: that is not an error. A
// full disk (`> /dev/full`) or a closed terminal is: one line, exit 1.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
	if (error.code === 'EPIPE') process.exit(0);
	if (terminalGone(error)) endOnHangUp();
	process.stderr.write(`blogread: cannot write the output (${error.code ?? error.message})\n`);
	process.exit(1);
});

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
	process.stdout.write(`${version()}\n`);
} else if (args.length === 1 && (args[0] === '--help' || args[0] === '-h')) {
	process.stdout.write(helpText(process.env));
} else {
	const {enableCompileCache} = await import('./compile-cache.js');
	enableCompileCache(process.env);
	// `blogread serve …` serves the blog over SSH, `blogread completion …` completes the shell's
	// command line (a folder named serve or completion is `./serve`, `./completion`).
	if (args[0] === 'serve') {
		const {serveMain} = await importInk(() => import('../serve/run-serve.js'));
		await serveMain(args.slice(1));
	} else if (args[0] === 'completion') {
		const {completionMain} = await import('./completion/command.js');
		await completionMain(args.slice(1));
	} else {
		const {main} = await import('./run.js');
		await main(args);
	}
}
