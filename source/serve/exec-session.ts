// A command run over ssh (`ssh host --list`): blogread's printed output from
// the shared blog, written as fast as the reader takes it and no faster.
import {type Io, say} from '../cli/io.js';
import {listText, printBlogPost} from '../cli/print.js';
import {commandLineFilters, visiblePosts} from '../posts/filter.js';
import {fieldsOnly} from '../posts/search.js';
import {UserError} from '../util/errors.js';
import {type ClientEnv, clientColorLevel, servedEnv} from './client-terminal.js';
import {parseExecCommand} from './exec-command.js';
import type {SharedBlog} from './shared-blog.js';

/** The part of an ssh2 channel a command writes to. */
export type CommandChannel = {
	write(data: string, done?: () => void): boolean;
	once(event: 'drain' | 'close', listener: () => void): unknown;
	off(event: 'drain' | 'close', listener: () => void): unknown;
	stderr: {write(data: string): boolean};
};

/** Pieces small enough that a stalled reader holds at most one of them here. */
const PIECE = 64 * 1024;

const isHighSurrogate = (code: number) => code >= 0xd8_00 && code <= 0xdb_ff;

/** Writes `text` a piece at a time, each once the channel has taken the last (false: the channel closed first). */
export async function writeAll(channel: CommandChannel, text: string): Promise<boolean> {
	for (let start = 0, end = 0; start < text.length; start = end) {
		end = Math.min(text.length, start + PIECE);
		// Each piece becomes UTF-8 on its own: a character of two UTF-16 units is not cut in half.
		if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end--;
		if (channel.write(text.slice(start, end))) continue;
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
	const io: Io = {
		stdout: {
			write: text => {
				written = written.then(() => writeAll(channel, lines(text)));
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
	const request = parseExecCommand(options.command, shared.folder, options.drafts);
	let code = 0;
	if (request.kind === 'refused') {
		say(io, request.why);
		code = 2;
	} else if (request.kind === 'help') {
		io.stdout.write(SERVED_HELP);
	} else if (request.kind === 'list') {
		const {options: chosen} = request;
		const filters = commandLineFilters(chosen.tags, chosen.search);
		const {posts} = shared.blog;
		const searching = chosen.search.trim() !== '';
		if (searching) shared.bodies.prepare(posts);
		const shown = visiblePosts(posts, filters, chosen.sort, searching ? shared.bodies.view(posts) : fieldsOnly);
		io.stdout.write(listText(shown, chosen, io));
	} else {
		try {
			code = await printBlogPost(shared.blog, request.name, request.options, io, {
				cwd: shared.folder,
				blog: 'this blog',
				listHint: '`ssh HOST list` lists them',
			});
		} catch (error) {
			if (!(error instanceof UserError)) throw error;
			say(io, error.message);
			code = error.exitCode;
		}
	}

	await written;
	await flushed(channel);
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
