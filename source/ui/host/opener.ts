// Opening a link from the reader: in a browser when the session is local, else
// (over ssh, or with no browser to run) onto the clipboard with OSC 52. Only
// web and mail links are ever opened; the address is one argument of a
// program run without a shell, so nothing in it is read as a command.
import {spawn} from 'node:child_process';
import path from 'node:path';
import {isLinkable} from '../../render/link.js';
import {plural} from '../../text/counts.js';
import {osc52} from '../../text/osc52.js';
import {cleanLine} from '../../text/sanitize.js';
import {childEnvironment, type Environment, findProgram, neutralFolder} from '../../util/programs.js';

export type {Environment} from '../../util/programs.js';

/**
 * How a link is opened: a program (its absolute path) and its arguments (the
 * address among them), or copied, and why.
 */
export type OpenPlan = {kind: 'run'; command: string; args: string[]} | {kind: 'copy'; why: string};

/** Where a program named in the environment is: an absolute path, or undefined when it is not to be run. */
export type Locate = (command: string) => string | undefined;

/**
 * `$BROWSER` (its first entry, `:`-separated; words split on spaces; `%s` stands for
 * the address, else it comes last), else `open` on macOS or `xdg-open` elsewhere.
 * Over ssh a browser here would open on the wrong machine: the link is copied instead.
 */
export function openPlan(
	url: string,
	env: Environment,
	platform: NodeJS.Platform,
	locate: Locate = command => findProgram(command, env),
): OpenPlan {
	if (env['SSH_TTY'] || env['SSH_CONNECTION']) return {kind: 'copy', why: 'over ssh'};
	const browser = (env['BROWSER'] ?? '').split(':')[0]?.trim() ?? '';
	if (browser !== '') {
		const [name = '', ...words] = browser.split(/\s+/);
		const command = locate(name);
		if (command !== undefined) {
			const args = words.includes('%s') ? words.map(word => (word === '%s' ? url : word)) : [...words, url];
			return {kind: 'run', command, args};
		}
	}

	const opener = platform === 'darwin' ? 'open' : 'xdg-open';
	const command = locate(opener);
	return command !== undefined ? {kind: 'run', command, args: [url]} : {kind: 'copy', why: `no ${opener} or $BROWSER`};
}

/** What the app can do with links and text: open one, copy one. Each says what it did, for the status line. */
export type LinkHost = {
	openLink: (url: string) => Promise<string>;
	copy: (text: string, what: string) => string;
	/** Copies a link's address; one blogread would not open is copied with a word that says so. */
	copyLink: (url: string) => string;
};

type LinkHostOptions = {
	env: Environment;
	platform: NodeJS.Platform;
	/** Writes to the terminal (the OSC 52 sequence). */
	write: (sequence: string) => void;
	/** Starts a program, detached, its output nowhere; resolves once it has started, rejects when it can't. */
	start?: (command: string, args: string[]) => Promise<void>;
	locate?: Locate;
	/** Never run a program: the reader is elsewhere (blogread serve), so links are copied to their terminal. */
	copyOnly?: boolean;
};

/**
 * Starts a program on its own: no shell, no terminal, not waited for; outside
 * the blog, with $PATH's absolute entries.
 */
export async function startDetached(command: string, args: string[], env: Environment): Promise<void> {
	return new Promise((resolve, reject) => {
		const child = spawn(command, args, {
			detached: true,
			stdio: 'ignore',
			shell: false,
			cwd: neutralFolder(env),
			env: childEnvironment(env),
		});
		child.once('error', reject);
		child.once('spawn', () => {
			child.unref();
			resolve();
		});
	});
}

export function createLinkHost({
	env,
	platform,
	write,
	start = (command, args) => startDetached(command, args, env),
	locate = command => findProgram(command, env),
	copyOnly = false,
}: LinkHostOptions): LinkHost {
	const copy = (text: string, what: string, notes: string[] = []): string => {
		const copied = osc52(text);
		if ('tooLarge' in copied) return `${what} not copied: ${Math.ceil(copied.tooLarge / 1024)} KB is too large`;
		write(copied.sequence);
		const said = copied.removed > 0 ? [`${plural(copied.removed, 'control')} removed`, ...notes] : notes;
		return `copied ${what} to the clipboard${said.length > 0 ? ` (${said.join('; ')})` : ''}`;
	};

	return {
		copy: (text, what) => copy(text, what),
		copyLink: url => copy(url, 'the link', isLinkable(url) ? [] : ['blogread would not open it']),
		async openLink(url) {
			if (!isLinkable(url)) return `not opened: only http, https and mailto links are (${cleanLine(url)})`;
			const plan: OpenPlan = copyOnly ? {kind: 'copy', why: 'read over ssh'} : openPlan(url, env, platform, locate);
			if (plan.kind === 'copy') return `${copy(url, 'the link')} (${plan.why}: not opened here)`;
			try {
				await start(plan.command, plan.args);
				return `opened with ${cleanLine(path.basename(plan.command))}`;
			} catch {
				return `${copy(url, 'the link')} (${cleanLine(path.basename(plan.command))} could not be run)`;
			}
		},
	};
}
