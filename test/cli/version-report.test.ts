// `blogread --version --verbose`: a line for each thing a bug report needs,
// true to this run, and never a control sequence from the environment.
import assert from 'node:assert/strict';
import {chmodSync, mkdirSync} from 'node:fs';
import path from 'node:path';
import {describe, it} from 'node:test';
import {version} from '../../source/cli/help.js';
import {runCli} from '../helpers/cli.js';
import {temporaryFolder} from '../helpers/temporary.js';

/** The report's fields by name. */
function fields(stdout: string): Map<string, string> {
	const [first, ...rest] = stdout.trimEnd().split('\n');
	assert.equal(first, `blogread ${version()}`);
	return new Map(
		rest.map(line => {
			const match = /^(\S+(?: \S+)?) {2,}(.*)$/.exec(line);
			assert.ok(match, line);
			return [match[1] ?? '', match[2] ?? ''];
		}),
	);
}

describe('blogread --version --verbose', () => {
	it('says Node, the colours and why, the terminal, and each folder as blogread would use it', async () => {
		const home = temporaryFolder('report');
		const cache = path.join(home, 'cache');
		mkdirSync(path.join(cache, 'blogread'), {recursive: true, mode: 0o700});
		const state = path.join(home, 'state');
		mkdirSync(path.join(state, 'blogread'), {recursive: true});
		chmodSync(path.join(state, 'blogread'), 0o777);
		const result = await runCli(['--version', '--verbose'], {
			XDG_CACHE_HOME: cache,
			XDG_STATE_HOME: state,
			XDG_CONFIG_HOME: path.join(home, 'config'),
			TERM: 'xterm\u001B]52;c;aGk=\u0007',
			COLORTERM: undefined,
			NODE_DISABLE_COMPILE_CACHE: undefined,
		});
		assert.equal(result.code, 0, result.stderr);
		assert.equal(result.stderr, '');
		const report = fields(result.stdout);
		assert.equal(report.get('node'), `${process.version} (${process.platform} ${process.arch})`);
		assert.equal(report.get('colour'), 'none (stdout is not a terminal); theme dark');
		assert.equal(report.get('terminal'), 'stdout not a terminal; TERM=xterm^[]52;c;aGk=^G, COLORTERM unset');
		assert.equal(report.get('config'), `${path.join(home, 'config', 'blogread', 'config.json')} (none)`);
		assert.equal(report.get('cache'), `${path.join(cache, 'blogread')} (private: used)`);
		assert.match(report.get('state') ?? '', /blogread \(not used: .*others can write/);
		const compiled = report.get('compile cache') ?? '';
		const {default: module} = await import('node:module');
		if (typeof (module as {enableCompileCache?: unknown}).enableCompileCache === 'function') {
			assert.equal(compiled, `${path.join(cache, 'blogread', 'compiled')} (not made yet)`);
		} else assert.equal(compiled, 'none in this Node (22.1 and later have one)');
		assert.doesNotMatch(result.stdout, /[\u0000-\u0009\u000B-\u001F]/);
	});

	it('--verbose alone is a usage error', async () => {
		const result = await runCli(['--verbose']);
		assert.equal(result.code, 2);
		assert.match(result.stderr, /^blogread: --verbose goes with --version\n/);
	});

	it('says how pictures are drawn here: the environment’s protocol, or that the terminal is asked', async () => {
		const cases: Array<[env: NodeJS.ProcessEnv, args: string[], drawn: RegExp]> = [
			[{TERM: 'xterm-kitty'}, [], /^drawn in kitty's graphics \(sharp [\d.]+, libvips [\d.]+\)$/],
			[{TERM_PROGRAM: 'iTerm.app'}, [], /^drawn in half blocks \(reader\), iTerm2's images \(--print\) \(sharp /],
			[{TERM: 'xterm-256color'}, [], /^drawn in half blocks, unless the terminal says it has its own graphics \(/],
			[{TERM: 'xterm-kitty', TMUX: '/tmp/tmux-0/default,1,0'}, [], /^drawn in half blocks \(sharp /],
			[{TERM: 'xterm-256color'}, ['--images', 'sixel'], /^drawn in half blocks \(reader\), sixel \(--print\) /],
			[{TERM: 'xterm-256color'}, ['--remote-images'], /; pictures on the web fetched \(--remote-images\)$/],
		];
		for (const [env, args, drawn] of cases) {
			const result = await runCli(['--version', '--verbose', ...args], {
				...env,
				FORCE_COLOR: '3',
				XDG_CONFIG_HOME: temporaryFolder('report'),
			});
			assert.match(fields(result.stdout).get('images') ?? '', drawn, JSON.stringify(env));
		}
	});
});
