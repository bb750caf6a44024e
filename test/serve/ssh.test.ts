// `blogread serve` with OpenSSH's own client: what a reader types, and what
// they see; the built bin is the server.
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {statSync, writeFileSync} from 'node:fs';
import {connect, createServer} from 'node:net';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import sharp from 'sharp';
import {runBin} from '../helpers/bin.js';
import {foreignControls, makeHostileBlog} from '../helpers/hostile.js';
import {ROOT} from '../helpers/paths.js';
import {blogCopy, hasSsh, type Served, ssh, sshInTerminal, startServe} from '../helpers/serve.js';
import {temporaryFolder} from '../helpers/temporary.js';
import {hasTmux, tmuxWindow} from '../helpers/tmux.js';

const skip = !hasSsh && 'OpenSSH client not installed';
const onScreen = (text: string) => (rows: string[]) => rows.some(row => row.includes(text));

describe('blogread serve: the command line', () => {
	const usage = 'Usage: blogread serve [path] [--listen HOST:PORT] [options] (blogread serve --help lists them)\n';
	it('--help, and each mistake as one line with its exit code', async () => {
		const help = runBin(['serve', '--help']);
		assert.equal(help.code, 0);
		assert.match(help.stdout, /--listen <host:port>/);
		assert.match(runBin(['--help']).stdout, /blogread serve --help/);

		const cases: Array<[args: string[], code: number, stderr: string | RegExp]> = [
			[
				['serve', '--listen', 'nowhere'],
				2,
				`blogread: --listen must be HOST:PORT (like 127.0.0.1:2222 or [::1]:2222), got "nowhere"\n${usage}`,
			],
			[
				['serve', '--idle-timeout', '0'],
				2,
				`blogread: --idle-timeout must be a whole number from 1 to 86400, got "0"\n${usage}`,
			],
			[['serve', '--shell'], 2, /^blogread: Unknown option '--shell'/],
			[['serve', '/no/such/blog'], 1, 'blogread: /no/such/blog: cannot read (ENOENT)\n'],
			[
				['serve', 'test/fixtures/blog/json-post.md'],
				1,
				'blogread: test/fixtures/blog/json-post.md: serve needs a folder of posts, not a file\n',
			],
		];
		for (const [args, code, stderr] of cases) {
			const result = runBin(args, {cwd: ROOT});
			assert.equal(result.code, code, args.join(' '));
			if (typeof stderr === 'string') assert.equal(result.stderr, stderr, args.join(' '));
			else assert.match(result.stderr, stderr, args.join(' '));
		}

		const taken = createServer();
		await new Promise<void>(resolve => taken.listen(0, '127.0.0.1', resolve));
		const {port} = taken.address() as {port: number};
		try {
			const home = temporaryFolder('serve-state');
			const busy = runBin(['serve', blogCopy(), '--listen', `127.0.0.1:${port}`], {env: {XDG_STATE_HOME: home}});
			assert.equal(busy.code, 1);
			assert.equal(busy.stderr, `blogread: cannot listen on 127.0.0.1:${port} (EADDRINUSE)\n`);
		} finally {
			taken.close();
		}
	});
});

describe('blogread serve: commands', {skip}, () => {
	let server: Served;
	let served: string;
	before(async () => {
		served = blogCopy();
		// A post with a picture (20×8 red), to print with ssh -t.
		await sharp({create: {width: 20, height: 8, channels: 3, background: '#ff0000'}})
			.png()
			.toFile(path.join(served, 'red.png'));
		writeFileSync(path.join(served, 'pictured.md'), '---\ntitle: Pictured\ndate: 2024-01-01\n---\n\n![Red](red.png)\n');
		server = await startServe(served);
	});
	after(async () => {
		await server.stop();
	});

	it('`ssh HOST list` prints tab-separated lines, and no draft', () => {
		const result = ssh(server.port, ['list']);
		assert.equal(result.code, 0, result.stderr);
		const lines = result.stdout.trimEnd().split('\n');
		assert.ok(lines.length >= 5, result.stdout);
		for (const line of lines) assert.equal(line.split('\t').length, 4, line);
		assert.ok(
			lines.some(line => line.includes('\tfull-front-matter\t')),
			result.stdout,
		);
		assert.ok(!result.stdout.includes('draft-post'), 'drafts are not served');
		assert.ok(!result.stdout.includes('\r'), 'no terminal: plain newlines');
	});

	it('the flags work after --, filters too; json parses; print gives the post', () => {
		const tagged = ssh(server.port, ['--', '--list', '--tag', 'go']);
		assert.equal(tagged.code, 0, tagged.stderr);
		const listed = tagged.stdout.trimEnd().split('\n');
		assert.ok(listed.length > 0 && listed.every(line => /\bgo\b/i.test(line.split('\t')[3] ?? '')), tagged.stdout);

		const json = ssh(server.port, ['json']);
		assert.equal(json.code, 0, json.stderr);
		const posts = JSON.parse(json.stdout) as Array<{slug: string; draft: boolean}>;
		assert.ok(posts.some(post => post.slug === 'full-front-matter'));
		assert.ok(posts.every(post => !post.draft));

		const printed = ssh(server.port, ['print', 'full-front-matter', '--width', '60']);
		assert.equal(printed.code, 0, printed.stderr);
		assert.ok(!printed.stdout.includes('\u001B'), 'no terminal: no colour');
		assert.ok(printed.stdout.split('\n').every(line => line.length <= 60));
	});

	it('with ssh -t, printed output ends lines as a terminal does, in colour', () => {
		const result = ssh(server.port, ['print', 'full-front-matter'], {options: ['-tt']});
		assert.equal(result.code, 0, result.stderr);
		assert.ok(result.stdout.includes('\r\n'), 'CR LF on a terminal');
		assert.ok(/\u001B\[[\d;]*m/.test(result.stdout), 'coloured for TERM=xterm-256color');
	});

	it('with ssh -t, a printed post’s picture is drawn in the client’s colours, over its line', () => {
		const result = ssh(server.port, ['print', 'pictured', '--width', '60'], {options: ['-tt']});
		assert.equal(result.code, 0, result.stderr);
		// 20×8 pixels: 4 rows of 20 cells on xterm-256color's red, 196.
		const rows = result.stdout.split('\r\n').filter(line => line.includes('48;5;196'));
		assert.equal(rows.length, 4, JSON.stringify(result.stdout));
		assert.match(result.stdout, /\[image: Red\] \(red\.png\)/);
	});

	it('a post not found, or a command that is not blogread, is one line and an exit code', () => {
		const missing = ssh(server.port, ['print', 'no-such-post']);
		assert.equal(missing.code, 1);
		assert.match(
			missing.stderr,
			/^blogread: post not found: no-such-post \(in this blog; `ssh HOST list` lists them\)\n$/,
		);

		for (const command of [
			['ls', '-la'],
			['--', '--drafts', '--list'],
			['cat', '/etc/passwd'],
			['--', '--pager'],
		]) {
			const refused = ssh(server.port, command);
			assert.equal(refused.code, 2, command.join(' '));
			assert.match(refused.stderr, /^blogread: .*this server runs list, json, print POST/, command.join(' '));
			assert.equal(refused.stdout, '');
		}
	});

	it('a shell without a terminal (ssh -T) is told how to connect', () => {
		const result = ssh(server.port, [], {options: ['-T']});
		assert.equal(result.code, 1);
		assert.match(result.stderr, /blogread: the reader needs a terminal/);
	});

	it('port forwarding and SFTP are refused', () => {
		const forward = ssh(server.port, ['list'], {options: ['-o', 'ExitOnForwardFailure=yes', '-R', '0:127.0.0.1:9']});
		assert.equal(forward.code, 255, forward.stderr);
		assert.match(forward.stderr, /forwarding failed/i);

		const local = ssh(server.port, ['-W', '127.0.0.1:22']);
		assert.notEqual(local.code, 0);

		const sftp = spawnSync(
			'sftp',
			[
				'-F',
				'/dev/null',
				'-P',
				String(server.port),
				'-o',
				'StrictHostKeyChecking=no',
				'-o',
				'UserKnownHostsFile=/dev/null',
				'-o',
				'BatchMode=yes',
				'127.0.0.1',
			],
			{encoding: 'utf8', input: 'ls\n', timeout: 20_000},
		);
		if (sftp.error === undefined) {
			assert.notEqual(sftp.status, 0);
			assert.match(sftp.stderr, /subsystem request failed|Connection closed/i);
		}
	});

	it('logs one line per connection: address, user, length, bytes, how it ended', async () => {
		ssh(server.port, ['list'], {options: ['-l', 'reader-one']});
		await server.waitForLog('user="reader-one"');
		const line =
			server
				.log()
				.split('\n')
				.find(row => row.includes('user="reader-one"')) ?? '';
		assert.match(
			line,
			new RegExp(
				String.raw`^blogread: \d{4}-\d\d-\d\dT[\d:.]+Z 127\.0\.0\.1 user="reader-one" [\d.]+s ` +
					String.raw`in=\d+ (B|KB) out=[\d.]+ (B|KB) command$`,
			),
		);
	});
});

describe('blogread serve: the app over ssh', {skip: skip || (!hasTmux && 'tmux not installed')}, () => {
	let server: Served;
	let blog: string;
	before(async () => {
		blog = blogCopy();
		server = await startServe(blog);
	});
	after(async () => {
		await server.stop();
	});

	it('lists, opens a post, searches, follows a resize, and quits with the terminal given back', async () => {
		const window = tmuxWindow(sshInTerminal(server.port, ['-tt']), 100, 30);
		try {
			await window.waitFor(onScreen('? help'), 'the list');
			assert.ok(
				window.screen().some(row => row.includes('Tuning the garbage collector')),
				window.screen().join('\n'),
			);
			assert.ok(!window.screen().join('\n').includes('Draft'), 'no draft');
			assert.ok(
				!window.screen().some(row => row.includes(path.dirname(blog))),
				'the status names the blog, not where it sits on the server',
			);

			window.keys('/');
			window.keys('-l', 'nested');
			await window.waitFor(onScreen('1 of'), 'the search narrowing the list');
			window.keys('Enter', 'Enter');
			await window.waitFor(onScreen('Found in a subfolder'), 'the post open');

			// What only a local run may do: said, not done.
			window.keys('e');
			await window.waitFor(onScreen('no editor here'), 'e refused');
			window.keys('C-z');
			await window.waitFor(onScreen('suspending is not possible here'), 'Ctrl-Z refused');

			window.resize(50, 12);
			await window.waitFor(
				rows => rows.length <= 12 && rows.some(row => row.includes('Found in')),
				'the reader at 50x12',
			);
			assert.ok(
				window.screen().every(row => row.length <= 50),
				window.screen().join('\n'),
			);

			window.keys('Q');
			await window.waitFor(onScreen('ssh-ended-0'), 'ssh ending with 0');
			await server.waitForLog(' quit');
		} finally {
			window.close();
		}
	});

	it('a post added on the server shows in an open session', async () => {
		const window = tmuxWindow(sshInTerminal(server.port, ['-tt']), 100, 30);
		try {
			await window.waitFor(onScreen('? help'), 'the list');
			writeFileSync(path.join(blog, 'arrived.md'), '---\ntitle: Arrived while reading\ndate: 2025-12-24\n---\nNew.\n');
			await window.waitFor(onScreen('Arrived while reading'), 'the new post in the list');
			window.keys('Q');
			await window.waitFor(onScreen('ssh-ended-0'), 'ssh ending');
		} finally {
			window.close();
		}
	});

	it('stopping the server ends the session cleanly, and the server with 0', async () => {
		const window = tmuxWindow(sshInTerminal(server.port, ['-tt']), 80, 24);
		try {
			await window.waitFor(onScreen('? help'), 'the list');
			assert.equal(await server.stop(), 0);
			await window.waitFor(onScreen('ssh-ended-0'), 'ssh ending with 0');
			assert.ok(
				window.screen().some(row => row.includes('blogread: the server is stopping')),
				window.screen().join('\n'),
			);
			assert.ok(!window.screen().some(row => row.includes('? help')), 'the app left the screen');
		} finally {
			window.close();
		}
	});
});

describe('blogread serve: limits', {skip: skip || (!hasTmux && 'tmux not installed')}, () => {
	it('at most --max-per-address sessions from one address, then one line saying so', async () => {
		const server = await startServe(blogCopy(), ['--max-per-address', '1']);
		const window = tmuxWindow(sshInTerminal(server.port, ['-tt']), 80, 24);
		try {
			await window.waitFor(onScreen('? help'), 'the first session');
			const second = ssh(server.port, ['list']);
			assert.equal(second.code, 1);
			assert.equal(second.stderr, 'blogread: 1 sessions are open from your address already: close one first\n');
			window.keys('Q');
			await window.waitFor(onScreen('ssh-ended-0'), 'the first session ending');
			await server.waitForLog(' quit');
			assert.equal(ssh(server.port, ['list']).code, 0, 'the place is free again');
		} finally {
			window.close();
			await server.stop();
		}
	});

	it('at most --max-sessions in all', async () => {
		const server = await startServe(blogCopy(), ['--max-sessions', '1', '--quiet']);
		const window = tmuxWindow(sshInTerminal(server.port, ['-tt']), 80, 24);
		try {
			await window.waitFor(onScreen('? help'), 'the first session');
			const second = ssh(server.port, ['list']);
			assert.equal(second.code, 1);
			assert.match(second.stderr, /the server is full \(1 readers\)/);
			assert.ok(!server.log().includes('user='), `--quiet: no line per connection\n${server.log()}`);
		} finally {
			window.close();
			await server.stop();
		}
	});

	it('an idle session ends after --idle-timeout, saying why', async () => {
		const server = await startServe(blogCopy(), ['--idle-timeout', '1']);
		const window = tmuxWindow(sshInTerminal(server.port, ['-tt']), 80, 24);
		try {
			await window.waitFor(onScreen('ended after 1 s with no key pressed'), 'the idle session ending');
			await window.waitFor(onScreen('ssh-ended-'), 'ssh ending');
			await server.waitForLog(' idle');
		} finally {
			window.close();
			await server.stop();
		}
	});

	it('a connection that does not log in within --login-timeout is dropped', async () => {
		const server = await startServe(blogCopy(), ['--login-timeout', '1']);
		try {
			const socket = connect(server.port, '127.0.0.1');
			const closed = new Promise<void>(resolve => socket.on('close', () => resolve()));
			socket.on('error', () => {});
			// Read (and drop) what the server says, so its closing is seen.
			socket.resume();
			// The server speaks first (its version line); this client never answers.
			await closed;
			await server.waitForLog('no login in time');
		} finally {
			await server.stop();
		}
	});
});

describe('blogread serve: keys', {skip}, () => {
	it('keeps one host key: the same fingerprint at every start, as ssh-keygen reads it, mode 600', async () => {
		const folder = temporaryFolder('host-key');
		const key = path.join(folder, 'host');
		const first = await startServe(blogCopy(), ['--host-key', key]);
		await first.stop();
		const second = await startServe(blogCopy(), ['--host-key', key]);
		await second.stop();
		const fingerprint = (log: string) => /host key (SHA256:\S+)/.exec(log)?.[1];
		assert.ok(first.log().includes('made now'), first.log());
		assert.ok(second.log().includes(`from ${key}`), second.log());
		assert.equal(fingerprint(first.log()), fingerprint(second.log()));
		assert.equal(statSync(key).mode & 0o777, 0o600);
		const keygen = spawnSync('ssh-keygen', ['-lf', key], {encoding: 'utf8'});
		if (keygen.status === 0) assert.ok(keygen.stdout.includes(fingerprint(first.log()) ?? '?'), keygen.stdout);
	});

	it('--authorized-keys lets in its keys only', async () => {
		const folder = temporaryFolder('keys');
		const keygen = (name: string) => {
			const file = path.join(folder, name);
			const made = spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', file]);
			assert.equal(made.status, 0);
			return file;
		};

		const allowed = keygen('allowed');
		const other = keygen('other');
		const authorized = path.join(folder, 'authorized_keys');
		writeFileSync(authorized, `# readers\nrestrict ${spawnSync('cat', [`${allowed}.pub`], {encoding: 'utf8'}).stdout}`);
		const server = await startServe(blogCopy(), ['--authorized-keys', authorized]);
		try {
			assert.match(server.log(), /to 1 authorized keys/);
			const identity = (file: string) => ['-o', 'IdentitiesOnly=yes', '-i', file];
			const allowedRun = ssh(server.port, ['list'], {options: identity(allowed)});
			assert.equal(allowedRun.code, 0, allowedRun.stderr);
			const otherRun = ssh(server.port, ['list'], {options: identity(other)});
			assert.equal(otherRun.code, 255);
			assert.match(otherRun.stderr, /Permission denied/);
			const none = ssh(server.port, ['list'], {options: ['-o', 'IdentitiesOnly=yes', '-o', 'IdentityFile=/dev/null']});
			assert.equal(none.code, 255);
		} finally {
			await server.stop();
		}
	});
});

describe('blogread serve: untrusted posts', {skip}, () => {
	it('hostile posts reach the reader as text: list, json and every post printed', async () => {
		const {root, marker} = makeHostileBlog();
		const server = await startServe(path.join(root, 'blog'));
		try {
			const listed = ssh(server.port, ['list']);
			assert.equal(listed.code, 0, listed.stderr);
			assert.deepEqual(foreignControls(listed.stdout.replaceAll('\t', '')), []);
			const json = ssh(server.port, ['json']);
			const posts = JSON.parse(json.stdout) as Array<{slug: string}>;
			assert.ok(posts.length > 5);
			for (const post of posts) {
				const printed = ssh(server.port, ['print', post.slug], {options: ['-tt']});
				assert.equal(printed.code, 0, `${post.slug}: ${printed.stderr}`);
				assert.deepEqual(foreignControls(printed.stdout.replaceAll('\r', '')), [], post.slug);
			}

			assert.equal(spawnSync('test', ['-e', marker]).status, 1, 'nothing in a post ran');
		} finally {
			await server.stop();
		}
	});
});
