// A command run over ssh (`ssh host --list`): blogread's printed output from
// the shared blog, written as fast as the reader takes it and no faster. The
// server's thread answers every reader's keys, so a command never holds it for
// long: a post is printed by a renderer process, a search reads bodies a slice a turn.

import {setImmediate as nextTurn} from 'node:timers/promises';
import type {Post} from '../blog/model/model.js';
import {visiblePosts} from '../blog/query/filters.js';
import {commandLineFilters} from '../blog/query/model.js';
import {fieldsOnly} from '../blog/search/search.js';
import {type Io, say} from '../cli/io.js';
import type {Options} from '../cli/options.js';
import {findBlogPost, listText, printPage, unreadablePost} from '../cli/print.js';
import {UserError} from '../util/errors.js';
import {type ClientEnv, clientColorLevel, servedEnv} from './client-terminal.js';
import {parseExecCommand} from './exec-command.js';
import type {SharedBlog} from './shared-blog.js';

/** The part of an ssh2 channel a command writes to. */
export type CommandChannel = {
	write(data: string | Uint8Array, done?: () => void): boolean;
	once(event: 'drain' | 'close', listener: () => void): unknown;
	off(event: 'drain' | 'close', listener: () => void): unknown;
	stderr: {write(data: string): boolean};
};

/** Pieces small enough that a stalled reader holds at most one of them here. */
const PIECE = 64 * 1024;
/** How long a search may read bodies in one turn of the event loop, before other readers are answered. */
const SEARCH_SLICE_MS = 8;

const isHighSurrogate = (code: number) => code >= 0xd8_00 && code <= 0xdb_ff;

/** Where the piece of `data` from `start` ends: a character of two UTF-16 units is not cut in half (bytes may be). */
function pieceEnd(data: string | Uint8Array, start: number): number {
	const end = Math.min(data.length, start + PIECE);
	return typeof data === 'string' && end < data.length && isHighSurrogate(data.charCodeAt(end - 1)) ? end - 1 : end;
}

/** Writes `data` a piece at a time, each once the channel has taken the last (false: the channel closed first). */
export async function writeAll(channel: CommandChannel, data: string | Uint8Array): Promise<boolean> {
	for (let start = 0, end = 0; start < data.length; start = end) {
		end = pieceEnd(data, start);
		if (channel.write(data.slice(start, end))) continue;
		const drained = await new Promise<boolean>(resolve => {
			const onDrain = () => {
				channel.off('close', onClose);
				resolve(true);
			};

			const onClose = () => {
				channel.off('drain', onDrain);
				resolve(false);
			};

			channel.once('drain', onDrain);
			channel.once('close', onClose);
		});
		if (!drained) return false;
	}

	return true;
}

const SERVED_HELP = `This server prints the blog for commands too:
  ssh HOST list [--tag TAG] [--search TEXT]   the posts, tab-separated
  ssh HOST json                               the posts as JSON
  ssh HOST print POST [--width COLS]          one post (ssh -t HOST print POST: in colour)
  ssh HOST                                    read it in the full-screen app
(The flags work too, after --: ssh HOST -- --list --tag go)
`;

/** The posts `list` prints: a search reads the bodies it has not read yet a slice a turn. */
async function listed(shared: SharedBlog, options: Options): Promise<Post[]> {
	const filters = commandLineFilters(options.tags, options.search);
	const {posts} = shared.blog;
	const searching = options.search.trim() !== '';
	if (searching) while (!shared.bodies.prepare(posts, SEARCH_SLICE_MS)) await nextTurn();
	return visiblePosts(posts, filters, options.sort, searching ? shared.bodies.view(posts) : fieldsOnly);
}

/** Each version of a post (a change on disk makes a new one) has its own number, so its prints are its own. */
const postNumbers = new WeakMap<Post, number>();
let postsNumbered = 0;
function postNumber(post: Post): number {
	let number = postNumbers.get(post);
	if (number === undefined) {
		number = ++postsNumbered;
		postNumbers.set(post, number);
	}

	return number;
}

/**
 * The post `name` names, printed by the server's render service (shared with
 * any other command printing it alike meanwhile): in full, or past the render
 * budget as plain text with a notice. `client` takes its turn with the others.
 */
async function printed(
	shared: SharedBlog,
	name: string,
	options: Options,
	io: Io,
	lineEnd: '\n' | '\r\n',
	client: object,
	signal: AbortSignal,
): Promise<Uint8Array> {
	const where = {cwd: shared.folder, blog: 'this blog', listHint: '`ssh HOST list` lists them'};
	const post = findBlogPost(shared.blog, name, where);
	const page = printPage(options, io);
	const {level, name: themeName, options: themeOptions} = page.theme;
	const key = [
		postNumber(post),
		page.width,
		level,
		themeName,
		JSON.stringify(themeOptions),
		page.hyperlinks,
		page.pictureRows,
		lineEnd,
	];
	const result = await shared.prints.run(
		key.join('\u0000'),
		stop => shared.renders.print(post, page, lineEnd, client, stop),
		signal,
	);
	if ('unreadable' in result) throw unreadablePost(post.path, result.unreadable);
	return result.bytes;
}

/**
 * Runs one command and gives its exit code (0 done, 1 not found, 2 not a
 * command this server runs). `pty`: the client asked for a terminal (ssh -t),
 * so lines end in CR LF, as a terminal's line discipline would make them.
 */
export async function runCommand(options: {
	command: string;
	channel: CommandChannel;
	shared: SharedBlog;
	drafts: boolean;
	env: ClientEnv;
	pty: {columns: number} | undefined;
}): Promise<number> {
	const {channel, shared, pty} = options;
	const lines = (text: string) => (pty ? text.replace(/\r?\n/g, '\r\n') : text);
	let written = Promise.resolve(true);
	const send = (data: string | Uint8Array) => {
		written = written.then(() => writeAll(channel, data));
	};

	const io: Io = {
		stdout: {
			write: text => {
				send(lines(text));
				return true;
			},
			isTTY: pty !== undefined,
			...(pty ? {columns: pty.columns} : {}),
		},
		stderr: {write: text => channel.stderr.write(lines(text))},
		env: servedEnv(options.env),
		colors: clientColorLevel(options.env),
		hyperlinks: false,
		own: false,
	};
	// A reader gone before their post is printed: its render is stopped, unless another reader waits for it too.
	const gone = new AbortController();
	const onClose = () => gone.abort(new UserError('the reader has gone'));
	channel.once('close', onClose);
	const request = parseExecCommand(options.command, shared.folder, options.drafts);
	let code = 0;
	try {
		if (request.kind === 'refused') {
			say(io, request.why);
			code = 2;
		} else if (request.kind === 'help') {
			io.stdout.write(SERVED_HELP);
		} else if (request.kind === 'list') {
			io.stdout.write(listText(await listed(shared, request.options), request.options, io));
		} else {
			const lineEnd = pty ? '\r\n' : '\n';
			send(await printed(shared, request.name, request.options, io, lineEnd, channel, gone.signal));
		}
	} catch (error) {
		if (!(error instanceof UserError)) throw error;
		if (!gone.signal.aborted) say(io, error.message);
		code = error.exitCode;
	}

	await written;
	channel.off('close', onClose);
	// A closed channel takes no more writes, and calls back none.
	if (!gone.signal.aborted) await flushed(channel);
	return code;
}

/**
 * Resolves once everything written has gone out (ssh2 holds what the client's window can't take yet):
 * the exit status sent after it, not before the end of the output.
 */
async function flushed(channel: CommandChannel): Promise<void> {
	await new Promise<void>(resolve => {
		const onClose = () => resolve();
		channel.once('close', onClose);
		// An empty write is taken after every write before it.
		channel.write('', () => {
			channel.off('close', onClose);
			resolve();
		});
	});
}
