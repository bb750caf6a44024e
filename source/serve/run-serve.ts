// `blogread serve`: the blog read once, the host key, the server; then one
// line per connection until Ctrl-C or SIGTERM, when every reader's session
// ends cleanly before the process does.
import {realpathSync, statSync} from 'node:fs';
import {type Io, processIo, say} from '../cli/io.js';
import {exitCodeOf} from '../cli/outcome.js';
import {cleanLine} from '../text/sanitize.js';
import {errorCode, errorMessage, UserError} from '../util/errors.js';
import {readAuthorizedKeys} from './authorized-keys.js';
import {loadHostKey} from './host-key.js';
import {parseServeArgs, SERVE_HELP} from './serve-options.js';
import {startServer} from './server.js';
import {SharedBlog} from './shared-blog.js';

function folderOf(target: string): string {
	let stats: ReturnType<typeof statSync>;
	try {
		stats = statSync(target);
	} catch (error) {
		throw new UserError(`${cleanLine(target)}: cannot read (${errorCode(error)})`);
	}

	if (!stats.isDirectory()) throw new UserError(`${cleanLine(target)}: serve needs a folder of posts, not a file`);
	return realpathSync(target);
}

export async function runServe(args: readonly string[], io: Io): Promise<number> {
	const options = parseServeArgs(args, io.env);
	if (options === 'help') {
		io.stdout.write(SERVE_HELP);
		return 0;
	}

	const folder = folderOf(options.target);
	const authorized = options.authorizedKeys === undefined ? undefined : readAuthorizedKeys(options.authorizedKeys);
	const hostKey = loadHostKey(options.hostKey, io.env);
	const shared = await SharedBlog.open(folder, {drafts: options.drafts, env: io.env});
	// Each session's app waits for its end with a listener on the process (Ink's waitUntilExit): as many as sessions.
	process.setMaxListeners(Math.max(process.getMaxListeners(), options.limits.sessions + 10));
	const log = options.quiet ? undefined : (line: string) => say(io, line);
	// A bug met by one session is that session's, not every reader's: said, and the server goes on. The log
	// itself failing (stderr closed under it) is no bug to report: reporting it would fail again, for ever.
	process.stderr.on('error', () => {});
	let reporting = false;
	const onBug = (error: unknown) => {
		if (reporting) return;
		reporting = true;
		try {
			say(io, `unexpected error in a session: ${errorMessage(error)}`);
		} catch {
			// Nowhere to say it.
		} finally {
			reporting = false;
		}
	};
	process.on('uncaughtException', onBug);
	process.on('unhandledRejection', onBug);
	let server: Awaited<ReturnType<typeof startServer>>;
	try {
		server = await startServer({
			shared,
			hostKey: hostKey.private,
			authorized: authorized?.keys,
			listen: options.listen,
			limits: options.limits,
			drafts: options.drafts,
			log,
		});
	} catch (error) {
		shared.close();
		const where = `${options.listen.host}:${options.listen.port}`;
		throw new UserError(`cannot listen on ${where} (${errorCode(error)})`);
	}

	const {host, port} = server.address;
	const hostName = host.includes(':') ? `[${host}]` : host;
	const who = authorized ? `${authorized.keys.length} authorized keys` : 'anyone (read-only)';
	say(
		io,
		`serving ${shared.blog.posts.length} posts from ${folder} on ${hostName}:${port} to ${who}; ` +
			`host key ${hostKey.fingerprint} (${hostKey.created ? 'made now, in' : 'from'} ${hostKey.file})`,
	);
	say(io, `read it with: ssh -p ${port} ${hostName}`);
	if (authorized && authorized.skipped > 0) say(io, `${authorized.skipped} lines of the authorized keys hold no key`);

	// Ink ends every app on these signals too (signal-exit), and kills the process when no other listener is
	// left: ours stay until every session has ended. A second signal doesn't wait.
	const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
	let stopping = false;
	let stopped: () => void = () => {};
	const stop = () => {
		if (stopping) process.exit(1);
		stopping = true;
		say(io, 'stopping: ending every session');
		void server.close().then(() => stopped());
	};

	for (const signal of signals) process.on(signal, stop);
	await new Promise<void>(resolve => {
		stopped = resolve;
	});
	for (const signal of signals) process.off(signal, stop);
	shared.close();
	process.off('uncaughtException', onBug);
	process.off('unhandledRejection', onBug);
	return 0;
}

const SERVE_USAGE = 'Usage: blogread serve [path] [--listen HOST:PORT] [options] (blogread serve --help lists them)';

/** The bin's `blogread serve ARGS`: the process's own terminal and environment. */
export async function serveMain(args: readonly string[]): Promise<void> {
	const io = processIo();
	process.exitCode = await exitCodeOf(() => runServe(args, io), io, SERVE_USAGE);
}
