import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import ssh2 from 'ssh2';
import {findKey, parseAuthorizedKeys, readAuthorizedKeys} from '../../source/serve/authorized-keys.js';
import {fingerprintOf, HOST_KEY_NAME, loadHostKey} from '../../source/serve/host-key.js';
import {UserError} from '../../source/util/errors.js';

const {utils} = ssh2;

// The server's identity (its host key) and who may log in (an authorized_keys
// file), with real keys made here: by ssh2, and by OpenSSH's ssh-keygen when it is installed.

const scratch = mkdtempSync(path.join(tmpdir(), 'blogread-serve-keys-'));
after(() => {
	rmSync(scratch, {recursive: true, force: true});
});

let files = 0;
/** A new file in the scratch folder with `text`, at `mode`. */
function file(text: string, mode = 0o600, name = `file-${++files}`): string {
	const where = path.join(scratch, name);
	writeFileSync(where, text);
	chmodSync(where, mode);
	return where;
}

const keygen = spawnSync('ssh-keygen', ['-?'], {encoding: 'utf8'}).error === undefined;
const noKeygen = keygen ? false : 'ssh-keygen is not installed';

/** A key pair made by ssh-keygen, in OpenSSH's own files: the private key and its `.pub`. */
function openSshKey(
	type: 'ed25519' | 'ecdsa' | 'rsa',
	comment: string,
	passphrase = '',
): {private: string; public: string} {
	const where = path.join(scratch, `keygen-${++files}`);
	const made = spawnSync('ssh-keygen', ['-t', type, '-N', passphrase, '-C', comment, '-f', where, '-q'], {
		encoding: 'utf8',
	});
	assert.equal(made.status, 0, made.stderr);
	return {private: readFileSync(where, 'utf8'), public: readFileSync(`${where}.pub`, 'utf8').trim()};
}

/** The public key's wire form, as a client offers it in its login. */
const blobOf = (publicKey: string): Buffer => {
	const key = utils.parseKey(publicKey);
	assert.ok(!(key instanceof Error), String(key));
	return key.getPublicSSH();
};

/** The key's base64, the part of a line that says which key it is. */
const base64Of = (publicKey: string) => publicKey.split(/\s+/)[1] ?? '';

/** The error `run` throws, which must be a UserError with a one-line message. */
function userError(run: () => unknown): UserError {
	try {
		run();
	} catch (error) {
		assert.ok(error instanceof UserError, String(error));
		assert.ok(!error.message.includes('\n'), `one line: ${JSON.stringify(error.message)}`);
		return error;
	}

	assert.fail('nothing was thrown');
}

const alice = utils.generateKeyPairSync('ed25519');
const bob = utils.generateKeyPairSync('ed25519');
const carol = utils.generateKeyPairSync('ecdsa', {bits: 256});
const stranger = utils.generateKeyPairSync('ed25519');

describe('parseAuthorizedKeys: the keys of an authorized_keys file', () => {
	const cases: Array<{name: string; text: string; keys: string[]; skipped: number}> = [
		{name: 'one key', text: `${alice.public}\n`, keys: [alice.public], skipped: 0},
		{name: 'one key, no final line break', text: alice.public, keys: [alice.public], skipped: 0},
		{
			name: 'keys with comments after them',
			text: `${alice.public} alice@laptop\n${carol.public} carol's key, with spaces\n`,
			keys: [alice.public, carol.public],
			skipped: 0,
		},
		{
			name: 'options before the key',
			text: `restrict,command="echo hi" ${alice.public} alice\nno-pty,from="10.0.0.0/8" ${bob.public}\n`,
			keys: [alice.public, bob.public],
			skipped: 0,
		},
		{
			name: 'comment lines and blank lines, not counted',
			text: `# the readers\n\n   \n${alice.public}\n  # ${bob.public}\n\t\n`,
			keys: [alice.public],
			skipped: 0,
		},
		{
			name: 'CR LF line ends and indentation',
			text: `# keys\r\n  ${alice.public}  \r\n${bob.public}\r\n`,
			keys: [alice.public, bob.public],
			skipped: 0,
		},
		{
			name: 'lines without a key are counted',
			text: `not a key\n${alice.public}\nssh-ed25519 not-base64!\nssh-ed25519\n`,
			keys: [alice.public],
			skipped: 3,
		},
		{
			name: 'a key cut short is counted, not taken',
			text: `ssh-ed25519 ${base64Of(alice.public).slice(0, 30)}\n${bob.public}\n`,
			keys: [bob.public],
			skipped: 1,
		},
		{
			name: 'a private key is no line of keys',
			text: alice.private,
			keys: [],
			skipped: alice.private.trim().split('\n').length,
		},
		{name: 'nothing', text: '', keys: [], skipped: 0},
	];
	for (const {name, text, keys, skipped} of cases) {
		it(name, () => {
			const found = parseAuthorizedKeys(text);
			assert.deepEqual(
				found.keys.map(key => key.getPublicSSH().toString('base64')),
				keys.map(base64Of),
			);
			assert.equal(found.skipped, skipped);
		});
	}

	// A word like ssh-… inside a quoted option is not the key: taking it would keep the listed reader out.
	it('finds the key after options whose quoted values hold words like ssh-…', () => {
		const found = parseAuthorizedKeys(`command="/usr/bin/log ssh-login" ${alice.public} alice\n`);
		assert.deepEqual(
			found.keys.map(key => key.getPublicSSH().toString('base64')),
			[base64Of(alice.public)],
		);
		assert.equal(found.skipped, 0);
	});

	it("takes OpenSSH's own public keys", {skip: noKeygen}, () => {
		const ed25519 = openSshKey('ed25519', 'dana@desk');
		const ecdsa = openSshKey('ecdsa', 'erin@desk');
		const found = parseAuthorizedKeys(`${ed25519.public}\nrestrict ${ecdsa.public}\n`);
		assert.equal(found.skipped, 0);
		assert.deepEqual(
			found.keys.map(key => key.type),
			['ssh-ed25519', 'ecdsa-sha2-nistp256'],
		);
		assert.ok(findKey(found.keys, blobOf(ed25519.public)));
	});
});

describe('findKey: the listed key a client offers', () => {
	const {keys} = parseAuthorizedKeys(`${alice.public}\n${carol.public}\n`);

	it('finds the key offered, by its public key', () => {
		assert.equal(findKey(keys, blobOf(alice.public)), keys[0]);
		assert.equal(findKey(keys, blobOf(carol.public)), keys[1]);
	});

	it('finds no other key', () => {
		assert.equal(findKey(keys, blobOf(stranger.public)), undefined);
		assert.equal(findKey(keys, blobOf(bob.public)), undefined);
		assert.equal(findKey(keys, Buffer.alloc(0)), undefined);
		const almost = Buffer.from(blobOf(alice.public));
		almost[almost.length - 1] = (almost.at(-1) ?? 0) ^ 1;
		assert.equal(findKey(keys, almost), undefined, 'one bit changed');
		assert.equal(findKey([], blobOf(alice.public)), undefined);
	});
});

describe('readAuthorizedKeys: the file --authorized-keys names', () => {
	it('reads its keys and counts its junk', () => {
		const found = readAuthorizedKeys(file(`${alice.public}\njunk\n`, 0o644));
		assert.equal(found.keys.length, 1);
		assert.equal(found.skipped, 1);
	});

	it('a missing file: one line, naming it', () => {
		const missing = path.join(scratch, 'no-such\nfile');
		const error = userError(() => readAuthorizedKeys(missing));
		assert.equal(error.exitCode, 1);
		assert.match(error.message, /^cannot read the authorized keys .*no-such.*file \(ENOENT\)$/);
	});

	it('a folder: one line', () => {
		assert.match(userError(() => readAuthorizedKeys(scratch)).message, /\(EISDIR\)$/);
	});

	for (const [name, text] of [
		['empty', ''],
		['only comments', '# nobody yet\n\n'],
		['only junk', 'hello\nssh-ed25519 ???\n'],
	] as const) {
		it(`a file with no key (${name}): no one could log in`, () => {
			const where = file(text);
			assert.equal(
				userError(() => readAuthorizedKeys(where)).message,
				`no public key in ${where}: no one could log in`,
			);
		});
	}
});

describe('fingerprintOf', () => {
	it('is SHA256: and the unpadded base64 of the hash, as ssh prints it', () => {
		// The SHA-256 of nothing is e3b0c442…b855.
		assert.equal(fingerprintOf(Buffer.alloc(0)), 'SHA256:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU');
		assert.notEqual(fingerprintOf(blobOf(alice.public)), fingerprintOf(blobOf(bob.public)));
	});

	it('is what ssh-keygen -l says of the key', {skip: noKeygen}, () => {
		const shown = spawnSync('ssh-keygen', ['-l', '-f', file(`${alice.public}\n`)], {encoding: 'utf8'});
		assert.equal(shown.status, 0, shown.stderr);
		assert.equal(shown.stdout.split(' ')[1], fingerprintOf(blobOf(alice.public)));
	});
});

describe('loadHostKey: the server’s key', () => {
	/** An environment whose state folder is a new one of its own. */
	const stateEnv = (): NodeJS.ProcessEnv => ({
		XDG_STATE_HOME: mkdtempSync(path.join(scratch, 'state-')),
		HOME: scratch,
	});

	it('is made in the state folder at the first start, mode 600, and kept', () => {
		const env = stateEnv();
		const first = loadHostKey(undefined, env);
		assert.equal(first.file, path.join(String(env['XDG_STATE_HOME']), 'blogread', HOST_KEY_NAME));
		assert.equal(first.created, true);
		assert.equal(statSync(first.file).mode & 0o777, 0o600);
		assert.equal(readFileSync(first.file, 'utf8'), first.private);
		const key = utils.parseKey(first.private);
		assert.ok(!(key instanceof Error) && key.isPrivateKey() && key.type === 'ssh-ed25519');
		assert.equal(first.fingerprint, fingerprintOf(key.getPublicSSH()));

		const second = loadHostKey(undefined, env);
		assert.deepEqual(second, {...first, created: false});
	});

	it('has the fingerprint ssh-keygen -l shows', {skip: noKeygen}, () => {
		const made = loadHostKey(undefined, stateEnv());
		const shown = spawnSync('ssh-keygen', ['-l', '-f', made.file], {encoding: 'utf8'});
		assert.equal(shown.status, 0, shown.stderr);
		assert.match(shown.stdout, /^256 SHA256:\S+ .*\(ED25519\)\n$/);
		assert.equal(shown.stdout.split(' ')[1], made.fingerprint);
	});

	it('--host-key: the file given, made there when missing', () => {
		const where = path.join(scratch, 'given-host-key');
		const made = loadHostKey(where, {});
		assert.equal(made.created, true);
		assert.equal(made.file, where);
		assert.equal(statSync(where).mode & 0o777, 0o600);
		assert.equal(loadHostKey(where, {}).fingerprint, made.fingerprint);
	});

	it("--host-key: one of OpenSSH's own keys", {skip: noKeygen}, () => {
		const made = openSshKey('ed25519', 'host');
		const where = file(made.private);
		const loaded = loadHostKey(where, {});
		assert.equal(loaded.created, false);
		assert.equal(loaded.fingerprint, fingerprintOf(blobOf(made.public)));
	});

	const unsafe: Array<[mode: number, shown: string]> = [
		[0o644, '644'],
		[0o640, '640'],
		[0o604, '604'],
		[0o660, '660'],
	];
	for (const [mode, shown] of unsafe) {
		it(`a key others can read (mode ${shown}) is refused: chmod 600`, () => {
			const where = file(alice.private, mode);
			const error = userError(() => loadHostKey(where, {}));
			assert.equal(error.message, `host key ${where} can be read by others (mode ${shown}): chmod 600 it`);
			assert.equal(readFileSync(where, 'utf8'), alice.private, 'left as it was');
		});
	}

	it('a key only its owner can read is taken (mode 400)', () => {
		const where = file(alice.private, 0o400);
		assert.equal(loadHostKey(where, {}).fingerprint, fingerprintOf(blobOf(alice.public)));
	});

	const notKeys: Array<[name: string, text: string]> = [
		['text', 'hello, world\n'],
		['an empty file', ''],
		['a public key', `${alice.public}\n`],
		['a private key cut short', alice.private.slice(0, 120)],
	];
	for (const [name, text] of notKeys) {
		it(`refuses ${name}`, () => {
			const where = file(text);
			assert.equal(
				userError(() => loadHostKey(where, {})).message,
				`${where} is not an unencrypted OpenSSH private key`,
			);
		});
	}

	it('refuses a key with a passphrase', {skip: noKeygen}, () => {
		const where = file(openSshKey('ed25519', 'locked', 'a passphrase').private);
		assert.match(userError(() => loadHostKey(where, {})).message, /is not an unencrypted OpenSSH private key$/);
	});

	it('refuses a folder and a symbolic link', () => {
		const folder = path.join(scratch, 'a-folder');
		mkdirSync(folder, {mode: 0o700});
		assert.equal(userError(() => loadHostKey(folder, {})).message, `host key ${folder} is not a regular file`);
		const link = path.join(scratch, 'a-link');
		symlinkSync(file(alice.private), link);
		assert.equal(userError(() => loadHostKey(link, {})).message, `host key ${link} is not a regular file`);
	});

	it('says when the key cannot be written', () => {
		const where = path.join(scratch, 'no-such-folder', 'key');
		assert.equal(userError(() => loadHostKey(where, {})).message, `cannot write the host key ${where}`);
	});

	it('is not kept in a state folder others can write to', () => {
		const env = stateEnv();
		const folder = path.join(String(env['XDG_STATE_HOME']), 'blogread');
		mkdirSync(folder);
		chmodSync(folder, 0o777);
		assert.match(
			userError(() => loadHostKey(undefined, env)).message,
			/^cannot keep the host key in .*: others can write to it \(mode 777\) \(give one with --host-key FILE\)$/,
		);
	});
});
