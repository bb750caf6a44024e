import type {Io} from '../../source/cli/io.js';
import {run} from '../../source/cli/run.js';
import {baseEnv} from './bin.js';

export type CliRun = {code: number; stdout: string; stderr: string; seconds: number};

/**
 * The command line run in this process, as the bin runs it in a pipe: the
 * same code without a Node start, for tests of what it prints. What only the
 * built bin can show (its bundle, its process) is tested with runBin.
 */
export async function runCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
	let stdout = '';
	let stderr = '';
	const environment = {...baseEnv(), ...env};
	const io: Io = {
		stdout: {
			write: text => {
				stdout += text;
			},
		},
		stderr: {
			write: text => {
				stderr += text;
			},
		},
		env: environment,
		colors: 0,
		hyperlinks: environment['FORCE_HYPERLINK'] === '1',
		own: false,
	};
	const start = performance.now();
	const code = await run(args, io);
	return {code, stdout, stderr, seconds: (performance.now() - start) / 1000};
}
