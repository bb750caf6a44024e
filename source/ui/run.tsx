import {spawnSync} from 'node:child_process';
import {openSync} from 'node:fs';
import tty from 'node:tty';
import {render} from 'ink';
import type {Filters, SortKey} from '../posts/filter.js';
import {loadPostFile} from '../posts/load.js';
import type {Blog, Post} from '../posts/model.js';
import {localToday} from '../posts/normalise.js';
import type {SearchBodies} from '../posts/search.js';
import type {Theme} from '../theme/palette.js';
import {errorMessage} from '../util/errors.js';
import {App} from './app.js';

const ENTER_ALTERNATE_SCREEN = '\u001B[?1049h\u001B[H';
const LEAVE_ALTERNATE_SCREEN = '\u001B[?1049l';
const SHOW_CURSOR = '\u001B[?25h';

/** Where keys come from: stdin when it is a terminal, else /dev/tty (as `less` does); none in cron. */
export function openTerminalInput(): NodeJS.ReadStream | undefined {
	if (process.stdin.isTTY) return process.stdin;
	try {
		return new tty.ReadStream(openSync('/dev/tty', 'r')) as unknown as NodeJS.ReadStream;
	} catch {
		return undefined;
	}
}

export type AppOptions = {
	blog: Blog;
	filters: Filters;
	theme: Theme;
	hyperlinks: boolean;
	stdin: NodeJS.ReadStream;
	maxWidth?: number;
	/** Open the first post straight away (blogread was given one file). */
	openFirst: boolean;
	sort: SortKey;
	center: boolean;
	/** Bodies already read for a search given on the command line. */
	bodies?: SearchBodies;
};

/** A path as one word for `sh`. */
function shellQuote(text: string): string {
	return `'${text.replace(/'/g, "'\\''")}'`;
}

/** Runs the full-screen app until the user quits; the terminal is restored on every exit path. */
export async function runApp(options: AppOptions): Promise<void> {
	const {stdout} = process;
	let restored = false;
	const restore = () => {
		if (restored) return;
		restored = true;
		stdout.write(SHOW_CURSOR + LEAVE_ALTERNATE_SCREEN);
	};

	// Raw mode before the first frame, not after it (where Ink would set it): keys typed
	// while blogread starts, or sent as soon as the list shows, are read as keys, not echoed.
	options.stdin.setRawMode?.(true);
	stdout.write(ENTER_ALTERNATE_SCREEN);
	process.once('exit', restore);

	// $VISUAL or $EDITOR (default vi) takes the terminal, then blogread takes it back and re-reads the post.
	const edit = async (post: Post): Promise<Post> => {
		const editor = process.env['VISUAL'] || process.env['EDITOR'] || 'vi';
		const input = options.stdin as NodeJS.ReadStream & {fd?: number};
		input.setRawMode?.(false);
		stdout.write(SHOW_CURSOR + LEAVE_ALTERNATE_SCREEN);
		spawnSync(`${editor} ${shellQuote(post.absolutePath)}`, {
			shell: true,
			stdio: [input.fd ?? 'inherit', 'inherit', 'inherit'],
		});
		stdout.write(ENTER_ALTERNATE_SCREEN);
		input.setRawMode?.(true);
		instance.clear();
		// Re-read, keeping what came from around the file (its slug, its translations, a drafts folder).
		const fresh = loadPostFile(post.absolutePath, post.path);
		const drafted = /(?:^|\/)_drafts\//.test(post.path) || (fresh.date !== null && fresh.date > localToday());
		return {...fresh, slug: post.slug, languages: post.languages, draft: fresh.draft || drafted};
	};

	const instance = render(
		<App
			blog={options.blog}
			filters={options.filters}
			theme={options.theme}
			hyperlinks={options.hyperlinks}
			openFirst={options.openFirst}
			sort={options.sort}
			center={options.center}
			onEdit={edit}
			{...(options.bodies ? {bodies: options.bodies} : {})}
			{...(options.maxWidth === undefined ? {} : {maxWidth: options.maxWidth})}
		/>,
		{stdin: options.stdin, exitOnCtrlC: false, patchConsole: true, maxFps: 30},
	);

	const onSignal = (signal: NodeJS.Signals) => {
		instance.unmount();
		restore();
		process.exit(signal === 'SIGINT' ? 130 : signal === 'SIGHUP' ? 129 : 143);
	};

	// A bug must not leave the terminal in raw mode on the alternate screen.
	const onCrash = (error: unknown) => {
		instance.unmount();
		restore();
		process.stderr.write(`blogread: unexpected error: ${errorMessage(error)}\n`);
		process.exit(1);
	};

	process.on('uncaughtException', onCrash);
	process.on('unhandledRejection', onCrash);
	for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal);
	try {
		await instance.waitUntilExit();
	} finally {
		for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.off(signal, onSignal);
		process.off('uncaughtException', onCrash);
		process.off('unhandledRejection', onCrash);
		restore();
		if (options.stdin !== process.stdin) options.stdin.destroy();
	}
}
