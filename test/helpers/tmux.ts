import {spawnSync} from 'node:child_process';
import {baseEnv, bin} from './bin.js';

/** Whether tmux is installed (the checks that need a real terminal emulator are skipped without it). */
export const hasTmux = spawnSync('tmux', ['-V']).status === 0;

/**
 * A tmux server of its own (its own socket), running one window of
 * `columns`x`rows` with `command` (`BIN` stands for `node dist/cli.js`).
 * Every wait polls what the window shows, with a deadline: never a fixed pause.
 */
export function tmuxWindow(command: string, columns: number, rows: number, env: NodeJS.ProcessEnv = {}) {
	const socket = `blogread-test-${process.pid}-${Math.random().toString(36).slice(2)}`;
	const tmux = (...args: string[]) => {
		const result = spawnSync('tmux', ['-L', socket, '-f', '/dev/null', ...args], {
			encoding: 'utf8',
			env: {...baseEnv(), TMUX: undefined, TERM: 'xterm-256color', ...env},
		});
		if (result.status !== 0) throw new Error(`tmux ${args.join(' ')}: ${result.stderr}`);
		return result.stdout;
	};

	const line = command.replaceAll('BIN', `${process.execPath} ${bin}`);
	tmux('new-session', '-d', '-s', 'test', '-x', String(columns), '-y', String(rows), line);
	// The window keeps the size it is given, whatever clients attach.
	tmux('set-option', '-t', 'test', 'window-size', 'manual');
	/** What the window shows now, one string per row, without the blank rows at the end. */
	const screen = () => tmux('capture-pane', '-p', '-t', 'test').replace(/\n+$/, '').split('\n');
	return {
		screen,
		keys(...keys: string[]) {
			tmux('send-keys', '-t', 'test', ...keys);
		},
		resize(newColumns: number, newRows: number) {
			tmux('resize-window', '-t', 'test', '-x', String(newColumns), '-y', String(newRows));
		},
		async waitFor(check: (rows: string[]) => boolean, what: string, timeout = 15_000) {
			const deadline = Date.now() + timeout;
			while (!check(screen())) {
				if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; screen:\n${screen().join('\n')}`);
				await new Promise(resolve => setTimeout(resolve, 50));
			}
		},
		close() {
			spawnSync('tmux', ['-L', socket, 'kill-server']);
		},
	};
}
