// `blogread serve` seen from an SSH client in this process (ssh2's Client):
// every byte a session sends, a client that stops reading, resizes, and what
// a client's environment may change. The built bin is the server.
import assert from 'node:assert/strict';
import {existsSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {StringDecoder} from 'node:string_decoder';
import {after, before, describe, it} from 'node:test';
import ssh2, {type ClientChannel, type Client as SshClient} from 'ssh2';
import stringWidth from 'string-width';
import stripAnsi from 'strip-ansi';
import {MAX_ROWS} from '../../source/serve/connection.js';
import {loadHostKey} from '../../source/serve/host-key.js';
import {ENTER_APP_SCREEN, LEAVE_APP_SCREEN} from '../../source/ui/terminal-modes.js';
import {foreignControls, makeHostileBlog} from '../helpers/hostile.js';
import {blogCopy, type Served, startServe} from '../helpers/serve.js';
import {temporaryFolder} from '../helpers/temporary.js';

const {Client, utils} = ssh2;

/** How long any one thing a test waits for may take, however loaded the machine. */
const DEADLINE = 20_000;
const ESC = '\u001B';

/**
 * A host key for a server started here, made and read back first: ssh2 makes
 * about one ed25519 key in 256 that it cannot read (see the last test), and a
 * server making its own would then fail to start.
 */
function hostKeyFile(): string {
	for (;;) {
		const made = utils.generateKeyPairSync('ed25519');
		if (utils.parseKey(made.private) instanceof Error) continue;
		const file = path.join(temporaryFolder('sessions-key'), 'host');
		writeFileSync(file, made.private, {mode: 0o600});
		return file;
	}
}

/**
 * A terminal's rows as the server draws them: it writes each changed row as
 * `ESC[<row>;1H ESC[2K <text>`; a row's text runs to the next sequence of its own.
 */
class Screen {
	/** What each row (1-based) shows now, colours and links kept. */
	readonly rows = new Map<number, string>();
	/** Every row written, in order: where in the output it starts, which row, its text. */
	readonly writes: Array<{at: number; row: number; text: string}> = [];
	private pending = '';
	private pendingAt = 0;

	feed(text: string): void {
		this.pending += text;
		const boundary = /\u001B(?:\[(\d+);1H(?:\u001B\[2K)?|\[\?2026[hl]|\[H|\[2J|\[\?1049[hl]|\[\?25[hl]|\[\?7[hl])/g;
		let row: {number: number; at: number; from: number} | undefined;
		let settled = 0;
		for (const match of this.pending.matchAll(boundary)) {
			if (row) this.write(row.number, this.pending.slice(row.from, match.index), this.pendingAt + row.at);
			row = undefined;
			settled = match.index + match[0].length;
			if (match[1] !== undefined) {
				// Its text is known once the next sequence has come.
				row = {number: Number(match[1]), at: match.index, from: settled};
				settled = match.index;
			} else if (match[0] === `${ESC}[2J` || match[0] === `${ESC}[?1049l`) {
				this.rows.clear();
			}
		}

		this.pending = this.pending.slice(settled);
		this.pendingAt += settled;
	}

	/** Rows 1 to `height`, without colours: what a reader sees. */
	visible(height: number): string[] {
		return Array.from({length: height}, (_, index) => stripAnsi(this.rows.get(index + 1) ?? ''));
	}

	private write(row: number, text: string, at: number): void {
		this.rows.set(row, text);
		this.writes.push({at, row, text});
	}
}

type Session = {
	client: SshClient;
	stream: ClientChannel;
	screen: Screen;
	/** Everything the channel has sent so far, its output and its stderr, as it came. */
	output(): string;
	/** The session's size as last set. */
	size(): {columns: number; rows: number};
	press(keys: string): void;
	resize(columns: number, rows: number): void;
	/**
	 * Waits until `check` holds for what has come so far; fails with the screen after `timeout`,
	 * or if the session ends first.
	 */
	waitFor(check: (session: Session) => boolean, what: string, timeout?: number): Promise<void>;
	/** The exit status the server sent, once the channel has closed (undefined: none). */
	closed: Promise<number | undefined>;
	close(): void;
};

function connect(port: number, username: string): Promise<SshClient> {
	const client = new Client();
	return new Promise((resolve, reject) => {
		client.once('ready', () => resolve(client));
		client.once('error', reject);
		client.connect({host: '127.0.0.1', port, username, readyTimeout: DEADLINE});
	}).then(() => {
		// Later errors (the server closing first) end the session; its checks say what went wrong.
		client.on('error', () => {});
		return client;
	});
}

/** Opens the app: a pty (xterm-256color), then a shell. */
async function openSession(
	port: number,
	{
		username = 'reader',
		columns = 100,
		rows = 30,
		env,
	}: {username?: string; columns?: number; rows?: number; env?: NodeJS.ProcessEnv} = {},
): Promise<Session> {
	const client = await connect(port, username);
	const window = {term: 'xterm-256color', cols: columns, rows};
	const stream = await new Promise<ClientChannel>((resolve, reject) => {
		const done = (error: Error | undefined, channel: ClientChannel) => (error ? reject(error) : resolve(channel));
		if (env) client.shell(window, {env}, done);
		else client.shell(window, done);
	});
	let output = '';
	let size = {columns, rows};
	let ended = false;
	const screen = new Screen();
	const wake = new Set<() => void>();
	const take = (decoder: StringDecoder, onScreen: boolean) => (data: Buffer) => {
		const text = decoder.write(data);
		output += text;
		if (onScreen) screen.feed(text);
		for (const resolve of wake) resolve();
	};

	stream.on('data', take(new StringDecoder('utf8'), true));
	stream.stderr.on('data', take(new StringDecoder('utf8'), false));
	let status: number | undefined;
	stream.on('exit', (code: number | null) => {
		status = code ?? undefined;
	});
	const closed = new Promise<number | undefined>(resolve => {
		stream.once('close', () => {
			ended = true;
			for (const done of wake) done();
			resolve(status);
		});
	});
	const session: Session = {
		client,
		stream,
		screen,
		output: () => output,
		size: () => size,
		press(keys) {
			stream.write(keys);
		},
		resize(newColumns, newRows) {
			size = {columns: newColumns, rows: newRows};
			stream.setWindow(newRows, newColumns, 0, 0);
		},
		async waitFor(check, what, timeout = DEADLINE) {
			const deadline = Date.now() + timeout;
			while (!check(session)) {
				const left = deadline - Date.now();
				if (ended || left <= 0) {
					const shown = screen.visible(size.rows).join('\n');
					throw new Error(`${ended ? 'the session ended' : 'timed out'} waiting for ${what}; the screen:\n${shown}`);
				}

				await new Promise<void>(resolve => {
					const done = () => {
						wake.delete(done);
						clearTimeout(timer);
						resolve();
					};

					const timer = setTimeout(done, left);
					wake.add(done);
				});
			}
		},
		closed,
		close() {
			client.end();
		},
	};
	return session;
}

/** Runs a command over a connection of its own, as `ssh HOST COMMAND` would. */
async function exec(port: number, command: string): Promise<{code: number | undefined; stdout: string}> {
	const client = await connect(port, 'reader');
	try {
		return await new Promise((resolve, reject) => {
			const timer = setTimeout(() => reject(new Error(`timed out running ${command}`)), DEADLINE);
			client.exec(command, (error, stream) => {
				if (error) {
					clearTimeout(timer);
					reject(error);
					return;
				}

				let stdout = '';
				let code: number | undefined;
				stream.setEncoding('utf8');
				stream.on('data', (text: string) => {
					stdout += text;
				});
				stream.stderr.resume();
				stream.on('exit', (status: number | null) => {
					code = status ?? undefined;
				});
				stream.once('close', () => {
					clearTimeout(timer);
					resolve({code, stdout});
				});
			});
		});
	} finally {
		client.end();
	}
}

/** A round trip on the connection: the server answers a request after all that came before it (it refuses this one). */
function roundTrip(client: SshClient): Promise<void> {
	return new Promise(resolve => {
		client.forwardIn('127.0.0.1', 0, () => resolve());
	});
}

/**
 * Waits until a session that does not read is still: a round trip on its
 * connection brings it nothing. Its window adjustments (sent only as data
 * comes) reach the server before the request, and what the server sends for
 * them before the answer; so once one brings nothing, nothing more will come.
 */
async function untilStill(session: Session): Promise<void> {
	const deadline = Date.now() + DEADLINE;
	let held = -1;
	while (session.stream.readableLength !== held) {
		if (Date.now() > deadline) throw new Error(`the stalled session still receiving: ${held} bytes held`);
		held = session.stream.readableLength;
		await roundTrip(session.client);
	}
}

/** The last row: the status line. */
const statusLine = (session: Session) => session.screen.visible(session.size().rows).at(-1) ?? '';
const READER_STATUS = /^ (.*?) {2,}.*\b\d+-\d+\/\d+ (?:All|Top|Bot|\d+%) · \? help $/;
const LIST_STATUS = / (\d+) of \1 posts\b.*\? help $/;
const inReader = (session: Session) => READER_STATUS.test(statusLine(session));
const inList = (session: Session) => LIST_STATUS.test(statusLine(session));
/** The selected post's row in the list (the one with the marker), and its text. */
function selected(session: Session): {row: number; text: string} | undefined {
	const rows = session.screen.visible(session.size().rows);
	const row = rows.findIndex(text => text.startsWith('›'));
	return row === -1 ? undefined : {row: row + 1, text: rows[row] ?? ''};
}

/**
 * `output` without what the server itself writes: its screen modes on
 * entering and leaving, OSC 52 copies, and its frames' own sequences. Each
 * frame is a synchronized update of rows in order, each `ESC[<row>;1H ESC[2K`
 * then its text: checked here, so a post's text cannot pass for them.
 */
function withoutServerSequences(output: string): string {
	return output
		.split(ENTER_APP_SCREEN)
		.join('')
		.split(LEAVE_APP_SCREEN)
		.join('')
		.replace(/\u001B\]52;c;[A-Za-z\d+/=]*\u0007/g, '')
		.replace(/\u001B\[\?2026h([\s\S]*?)\u001B\[\?2026l/g, (_, frame: string) => {
			const parts = frame.split(/\u001B\[(\d+);1H\u001B\[2K/);
			assert.equal(parts[0], '', `a frame starts with a row: ${JSON.stringify(frame.slice(0, 60))}`);
			for (let index = 3; index < parts.length; index += 2)
				assert.ok(
					Number(parts[index]) > Number(parts[index - 2]),
					`a frame's rows in order: row ${parts[index]} after ${parts[index - 2]}, ` +
						`after ${JSON.stringify(parts[index - 3]?.slice(-60))}`,
				);
			return parts.filter((_part, index) => index % 2 === 0).join('');
		});
}

/** Where foreign control characters are, with what surrounds them: for a failure's message. */
function controlsInContext(text: string): string[] {
	const own = /\u001B\[[\d;]*m|\u001B\]8;;(?:(?:https?:\/\/|mailto:)[^\s\u0000-\u001F\u007F-\u009F]*)?\u0007/g;
	const plain = text.replace(own, '');
	return [...plain.matchAll(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/g)]
		.slice(0, 8)
		.map(match => JSON.stringify(plain.slice(Math.max(0, match.index - 30), match.index + 30)));
}

describe('blogread serve, an ssh2 client: hostile posts through the app', () => {
	it('every post opened, and nothing from a post reaches the terminal as a control character', async () => {
		const {root, marker} = makeHostileBlog();
		const server = await startServe(path.join(root, 'blog'), ['--host-key', hostKeyFile()]);
		let session: Session | undefined;
		try {
			const app = await openSession(server.port);
			session = app;
			await app.waitFor(inList, 'the list');
			const total = Number(LIST_STATUS.exec(statusLine(app))?.[1]);
			assert.ok(total >= 10, statusLine(app));
			const opened: string[] = [];
			for (let index = 0; index < total; index++) {
				const was = selected(app);
				assert.ok(was, app.screen.visible(30).join('\n'));
				if (index > 0) {
					app.press('j');
					await app.waitFor(
						() => {
							const now = selected(app);
							return now !== undefined && (now.row !== was.row || now.text !== was.text);
						},
						`post ${index + 1} selected`,
					);
				}

				app.press('\r');
				await app.waitFor(inReader, `post ${index + 1} open in the reader`);
				opened.push(READER_STATUS.exec(statusLine(app))?.[1]?.trim() ?? '');
				app.press('q');
				await app.waitFor(inList, `the list again after post ${index + 1}`);
			}

			assert.equal(new Set(opened).size, total, `every post opened once: ${JSON.stringify(opened)}`);
			app.press('Q');
			assert.equal(await app.closed, 0);
			const output = app.output();
			assert.ok(output.startsWith(ENTER_APP_SCREEN), JSON.stringify(output.slice(0, 40)));
			assert.ok(output.endsWith(LEAVE_APP_SCREEN), JSON.stringify(output.slice(-40)));
			const left = withoutServerSequences(output);
			assert.deepEqual(foreignControls(left), [], controlsInContext(left).join('\n'));
			assert.equal(existsSync(marker), false, 'nothing in a post ran');
		} finally {
			session?.close();
			await server.stop();
		}
	});
});

describe('blogread serve, an ssh2 client: sessions side by side', () => {
	let server: Served;
	/** The posts as `list` prints them: date, slug, title, tags. */
	let listed: string[][];
	const LONG_TITLE = 'A long read, to fill tall screens';

	before(async () => {
		const blog = blogCopy();
		const words = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi'.split(' ');
		const paragraphs = Array.from({length: 300}, (_, paragraph) =>
			Array.from({length: 60}, (_, index) => {
				const word = words[(paragraph * 3 + index) % words.length] ?? '';
				return index % 7 === 0 ? `**${word}**` : word;
			}).join(' '),
		);
		writeFileSync(
			path.join(blog, 'long-read.md'),
			`---\ntitle: ${LONG_TITLE}\ndate: 2001-01-01\n---\n${paragraphs.join('\n\n')}\n`,
		);
		server = await startServe(blog, ['--max-per-address', '20', '--host-key', hostKeyFile()]);
		const result = await exec(server.port, 'list');
		assert.equal(result.code, 0);
		listed = result.stdout
			.trimEnd()
			.split('\n')
			.map(line => line.split('\t'));
		assert.ok(
			listed.slice(1).some(fields => fields[2] === LONG_TITLE),
			'the long post is listed, not first',
		);
	});
	after(async () => {
		await server.stop();
	});

	it('a client that stops reading: its frames are dropped, not queued, and other sessions go on', async () => {
		const firstTitle = listed[0]?.[2] ?? '?';
		const sessions: Session[] = [];
		try {
			const stalled = await openSession(server.port, {username: 'stalled'});
			sessions.push(stalled);
			const other = await openSession(server.port, {username: 'other'});
			sessions.push(other);
			await stalled.waitFor(inList, 'the list');
			await other.waitFor(inList, 'the list in the other session');

			// The long post, on a tall screen: every frame is large.
			stalled.press('j'.repeat(listed.findIndex(fields => fields[2] === LONG_TITLE)));
			await stalled.waitFor(s => selected(s)?.text.includes(LONG_TITLE) === true, 'the long post selected');
			stalled.press('\r');
			// As tall as the server takes a screen.
			const tall = MAX_ROWS;
			stalled.resize(100, tall);
			await stalled.waitFor(
				s => inReader(s) && statusLine(s).includes(LONG_TITLE.slice(0, 20)) && statusLine(s).includes('Top'),
				`the long post open on ${tall} rows`,
			);

			const receivedBefore = stalled.output().length;
			stalled.stream.pause();
			// Keys a turn apart, so each is drawn (keys in one packet are drawn once), and some resizes
			// (the server takes at most one every 50 ms): on the tall screen, each frame rewrites every row.
			// Until the client holds more than it takes in, then AFTER_FULL keys more, however fast the server is.
			const AFTER_FULL = 300;
			let keys = 0;
			let resizes = 0;
			const floodEnd = Date.now() + DEADLINE;
			const full = () => stalled.stream.readableLength >= stalled.stream.readableHighWaterMark;
			for (let more = AFTER_FULL; more > 0 && Date.now() < floodEnd; more -= full() ? 1 : 0) {
				stalled.press('jkGg'[keys % 4] ?? 'j');
				keys++;
				if (keys % 50 === 0) {
					resizes++;
					stalled.resize(100, resizes % 2 === 0 ? tall : tall - 10);
				}

				await new Promise(resolve => setTimeout(resolve, 2));
			}

			// Back to a small screen, the list, and its first post.
			stalled.resize(100, 30);
			stalled.press('q');
			stalled.press('g');

			// Meanwhile, and while the stalled client holds its window shut, other readers are served.
			const otherKey = async (key: string, what: string) => {
				const was = selected(other);
				const started = Date.now();
				other.press(key);
				await other.waitFor(s => selected(s)?.row !== was?.row, what);
				return Date.now() - started;
			};

			const [listedMeanwhile, firstAnswer] = await Promise.all([
				exec(server.port, 'list'),
				otherKey('j', 'the other session answering a key during the flood'),
				untilStill(stalled),
			]);
			assert.equal(listedMeanwhile.code, 0);
			assert.deepEqual(
				listedMeanwhile.stdout
					.trimEnd()
					.split('\n')
					.map(line => line.split('\t')),
				listed,
			);

			// The client's buffer is full, so ssh2 grants the server no more window (it adjusts the window only as
			// it takes data in below its high-water mark): whatever the server has yet to send, it holds.
			const buffered = stalled.stream.readableLength;
			assert.ok(
				buffered >= stalled.stream.readableHighWaterMark,
				`the stalled client holds ${buffered} bytes unread ` +
					`(it stops granting window at ${stalled.stream.readableHighWaterMark})`,
			);
			const secondAnswer = await otherKey('k', 'the other session answering a key while the first is stalled');
			const listedAgain = await exec(server.port, 'list');
			assert.equal(listedAgain.code, 0);
			assert.equal(stalled.stream.readableLength, buffered, 'nothing more reached the stalled client');
			assert.ok(firstAnswer < DEADLINE && secondAnswer < DEADLINE);

			stalled.stream.resume();
			await stalled.waitFor(
				s => inList(s) && selected(s)?.row === 1 && selected(s)?.text.includes(firstTitle.slice(0, 20)) === true,
				'the list, its first post selected, on 30 rows',
			);
			const frames = stalled
				.output()
				.slice(receivedBefore)
				.split(`${ESC}[?2026h`)
				.slice(1)
				.map(frame => Buffer.byteLength(frame));
			frames.sort((a, b) => a - b);
			const median = frames[Math.floor(frames.length / 2)] ?? 0;
			// Each key drew a frame, every row of it written: queued, they would all have come. Those drawn
			// before the client was full came, and those its window still had room for; of the rest, a few.
			assert.ok(
				frames.length < keys - AFTER_FULL / 2,
				`${frames.length} frames came for ${keys} keys and ${resizes} resizes: ` +
					'only the latest is kept while the client does not read',
			);

			stalled.press('Q');
			assert.equal(await stalled.closed, 0, 'Q ends the stalled session with 0');
			stalled.close();
			await server.waitForLog('user="stalled"');
			const line = server
				.log()
				.split('\n')
				.find(row => row.includes('user="stalled"'));
			const sent = /out=([\d.]+) (B|KB) quit$/.exec(line ?? '');
			assert.ok(sent, line);
			const sentBytes = Number(sent[1]) * (sent[2] === 'KB' ? 1024 : 1);
			// What the frames the app drew would have come to, had none been dropped: one each key at least.
			const drawn = keys * median;
			assert.ok(
				sentBytes < drawn - (AFTER_FULL / 2) * median,
				`sent ${sentBytes} bytes to the stalled client; its ${keys} keys drew about ${drawn}`,
			);
		} finally {
			for (const session of sessions) session.close();
		}
	});

	/**
	 * Resizes a session (the list, then the reader) and checks the screen it
	 * settles on: every row fits, the status line on the last row. `everyFrame`:
	 * every row written after the resize, the first frames too.
	 */
	const resizing = async (everyFrame: boolean) => {
		const session = await openSession(server.port);
		try {
			await session.waitFor(inList, 'the list');
			const check = (at: number, columns: number, rows: number) => {
				const settled = session.screen.visible(rows);
				for (const [index, shown] of settled.entries()) {
					assert.ok(stringWidth(shown) <= columns, `row ${index + 1} wider than ${columns}: ${JSON.stringify(shown)}`);
					assert.equal(
						shown.includes('? help'),
						index === rows - 1,
						`the status line on row ${rows} only:\n${settled.join('\n')}`,
					);
				}

				if (!everyFrame) return;
				const writes = session.screen.writes.filter(write => write.at >= at);
				for (const {row, text} of writes) {
					const shown = stripAnsi(text);
					assert.ok(row <= rows, `row ${row} written on a screen of ${rows}: ${JSON.stringify(shown)}`);
					assert.ok(
						stringWidth(shown) <= columns,
						`row ${row} written wider than ${columns}: ${JSON.stringify(shown)}`,
					);
					if (shown.includes('? help')) assert.equal(row, rows, `the status written on row ${row} of ${rows}`);
				}
			};

			const resize = async (columns: number, rows: number, what: string) => {
				const at = session.output().length;
				session.resize(columns, rows);
				await session.waitFor(
					s => statusLine(s).includes('? help') && s.screen.writes.some(write => write.at >= at && write.row === rows),
					`${what} at ${columns}x${rows}`,
				);
				check(at, columns, rows);
			};

			await resize(40, 10, 'the list');
			assert.ok(selected(session), session.screen.visible(10).join('\n'));
			await resize(120, 40, 'the list');
			assert.ok(selected(session), session.screen.visible(40).join('\n'));
			const at = session.output().length;
			session.press('\r');
			await session.waitFor(inReader, 'a post open at 120x40');
			check(at, 120, 40);
			await resize(40, 10, 'the reader');
			session.press('Q');
			assert.equal(await session.closed, 0);
		} finally {
			session.close();
		}
	};

	it('a resize: the screen settles at the new size, every row fitting, the status line on the last row', async () => {
		await resizing(false);
	});

	// Ink draws at once on a resize, with the app's layout for the old size: the screen writer holds that frame back.
	it('a resize: no frame after it is drawn for the old size', async () => {
		await resizing(true);
	});

	it('one session a connection: a second session channel is refused when it opens', async () => {
		const client = await connect(server.port, 'two-shells');
		try {
			const shell = () =>
				new Promise<ClientChannel>((resolve, reject) => {
					client.shell({term: 'xterm-256color', cols: 80, rows: 24}, (error, stream) =>
						error ? reject(error) : resolve(stream),
					);
				});
			// Both asked for at once: the first opens (its app waits for keys), the second is refused at its opening.
			const [first, second] = await Promise.allSettled([shell(), shell()]);
			assert.equal(first.status, 'fulfilled');
			if (first.status === 'fulfilled') first.value.resume();
			assert.equal(second.status, 'rejected');
			assert.match(String(second.status === 'rejected' ? second.reason : ''), /Channel open failure/);
		} finally {
			client.end();
		}
	});

	it("a client's environment: NO_COLOR is taken, LD_PRELOAD and BLOGREAD_DIR are not", async () => {
		const session = await openSession(server.port, {env: {NO_COLOR: '1', LD_PRELOAD: 'x', BLOGREAD_DIR: '/etc'}});
		try {
			await session.waitFor(inList, 'the list');
			const screen = session.screen.visible(30);
			assert.match(statusLine(session), new RegExp(`^ blog · ${listed.length} of ${listed.length} posts`));
			for (const [, , title] of listed.slice(0, 5))
				assert.ok(
					screen.some(row => row.includes((title ?? '?').slice(0, 20))),
					`${title} in the list:\n${screen.join('\n')}`,
				);
			session.press('\r');
			await session.waitFor(inReader, 'the first post open');
			assert.equal(READER_STATUS.exec(statusLine(session))?.[1]?.trim(), listed[0]?.[2]);
			session.press('Q');
			assert.equal(await session.closed, 0);
			const colours = [...session.output().matchAll(/\u001B\[([\d;]*)m/g)]
				.map(match => match[0])
				.filter(code =>
					code
						.slice(2, -1)
						.split(';')
						.some(parameter => {
							const value = Number(parameter);
							return (value >= 30 && value <= 49) || (value >= 90 && value <= 107);
						}),
				);
			assert.deepEqual([...new Set(colours)], [], 'no colours with NO_COLOR');
			assert.ok(/\u001B\[(?:7|1)m/.test(session.output()), 'inverse or bold still mark things');
		} finally {
			session.close();
		}
	});
});

describe('blogread serve: the host key it makes', () => {
	// ssh2's generator writes about one ed25519 key in 256 with its public part a byte short (mscdex/ssh2#1390).
	it('is one it can read: 2,000 made in a row all load', () => {
		const folder = temporaryFolder('sessions-keys');
		for (let index = 0; index < 2000; index++) {
			const file = path.join(folder, `host-${index}`);
			assert.doesNotThrow(() => loadHostKey(file, {}), `key ${index}`);
			assert.doesNotThrow(() => loadHostKey(file, {}), `key ${index}, loaded again`);
		}
	});
});
