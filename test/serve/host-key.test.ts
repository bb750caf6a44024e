// The host key `serve` is given: taken only when it is the user's own,
// private, in a folder others can't change, and strong enough.
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {generateKeyPairSync} from 'node:crypto';
import {chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, type Stats, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import ssh2 from 'ssh2';
import {keyFileProblem, keyFolderProblem, loadHostKey, MIN_RSA_BITS, weakness} from '../../source/serve/host-key.js';
import {UserError} from '../../source/util/errors.js';
import {runBin} from '../helpers/bin.js';
import {blogCopy} from '../helpers/serve.js';

const {utils} = ssh2;

const scratch = mkdtempSync(path.join(tmpdir(), 'blogread-serve-host-key-'));
after(() => {
	rmSync(scratch, {recursive: true, force: true});
});

const uid = process.getuid?.() ?? 0;
const isRoot = uid === 0;
/** Another user: nobody. */
const OTHER = 65_534;
const keygen = spawnSync('ssh-keygen', ['-?']).error === undefined;

type Checked = Pick<Stats, 'mode' | 'uid' | 'isFile' | 'isDirectory'>;

/** Stats as a check reads them: a mode and an owner. */
function stats(mode: number, owner: number, kind: 'file' | 'folder' = 'file'): Checked {
	return {mode, uid: owner, isFile: () => kind === 'file', isDirectory: () => kind === 'folder'};
}

/** The message of the UserError `run` throws: one line. */
function userError(run: () => unknown): string {
	try {
		run();
	} catch (error) {
		assert.ok(error instanceof UserError, String(error));
		assert.ok(!error.message.includes('\n'), error.message);
		return error.message;
	}

	assert.fail('no UserError');
}

let made = 0;
/** A new folder of the scratch one, at `mode`. */
function folder(mode = 0o700): string {
	const where = path.join(scratch, `folder-${++made}`);
	mkdirSync(where);
	chmodSync(where, mode);
	return where;
}

/** `text` in a new file of `where` (a new private folder by default), at `mode`. */
function keyFile(text: string, mode = 0o600, where = folder()): string {
	const file = path.join(where, 'host');
	writeFileSync(file, text);
	chmodSync(file, mode);
	return file;
}

const ed25519 = (() => {
	for (;;) {
		const key = utils.generateKeyPairSync('ed25519').private;
		if (!(utils.parseKey(key) instanceof Error)) return key;
	}
})();

/** A private key in a PEM format ssh2 reads. */
function pemKey(type: 'rsa', bits: number): string;
function pemKey(type: 'ec', curve: string): string;
function pemKey(type: 'rsa' | 'ec', size: number | string): string {
	if (type === 'rsa') {
		return generateKeyPairSync('rsa', {
			modulusLength: Number(size),
			privateKeyEncoding: {type: 'pkcs1', format: 'pem'},
			publicKeyEncoding: {type: 'pkcs1', format: 'pem'},
		}).privateKey;
	}

	return generateKeyPairSync('ec', {
		namedCurve: String(size),
		privateKeyEncoding: {type: 'sec1', format: 'pem'},
		publicKeyEncoding: {type: 'spki', format: 'pem'},
	}).privateKey;
}

describe('keyFileProblem: a host key file, as opened', () => {
	const cases: Array<[name: string, given: Checked, problem: string | undefined]> = [
		['yours, mode 600', stats(0o100600, uid), undefined],
		['yours, mode 400', stats(0o100400, uid), undefined],
		['a folder', stats(0o40700, uid, 'folder'), 'is not a regular file'],
		[
			'another user’s',
			stats(0o100600, uid + 1),
			`belongs to another user (uid ${uid + 1}): give a key of your own with --host-key`,
		],
		['readable by others', stats(0o100644, uid), 'can be read by others (mode 644): chmod 600 it'],
		['readable by the group', stats(0o100640, uid), 'can be read by others (mode 640): chmod 600 it'],
		['writable by the group', stats(0o100620, uid), 'can be changed by others (mode 620): chmod 600 it'],
		['writable by anyone', stats(0o100602, uid), 'can be changed by others (mode 602): chmod 600 it'],
		['runnable by others', stats(0o100601, uid), 'is open to others (mode 601): chmod 600 it'],
	];
	for (const [name, given, problem] of cases) {
		it(name, () => {
			assert.equal(keyFileProblem(given, uid), problem);
		});
	}
});

describe('keyFolderProblem: the folder a host key is in', () => {
	const cases: Array<[name: string, given: Checked, problem: string | undefined]> = [
		['yours, 700', stats(0o40700, uid, 'folder'), undefined],
		['yours, 755', stats(0o40755, uid, 'folder'), undefined],
		['root’s, 755 (as /etc/blogread)', stats(0o40755, 0, 'folder'), undefined],
		['root’s, sticky and open to all (as /tmp)', stats(0o41777, 0, 'folder'), undefined],
		['another user’s', stats(0o40700, OTHER, 'folder'), `belongs to another user (uid ${OTHER})`],
		['yours, writable by the group', stats(0o40770, uid, 'folder'), 'can be changed by others (mode 770)'],
		['yours, writable by anyone', stats(0o40777, uid, 'folder'), 'can be changed by others (mode 777)'],
		['root’s, writable by anyone, not sticky', stats(0o40777, 0, 'folder'), 'can be changed by others (mode 777)'],
		['not a folder', stats(0o100600, uid), 'is not a folder'],
	];
	for (const [name, given, problem] of cases) {
		it(name, () => {
			assert.equal(keyFolderProblem(given, uid), problem);
		});
	}
});

describe('weakness: the host key types and sizes served with', () => {
	const parse = (text: string) => {
		const key = utils.parseKey(text);
		assert.ok(!(key instanceof Error), String(key));
		return key;
	};

	it('ed25519, and ECDSA on P-256, P-384 and P-521, are taken', () => {
		assert.equal(weakness(parse(ed25519)), undefined);
		for (const curve of ['prime256v1', 'secp384r1', 'secp521r1'])
			assert.equal(weakness(parse(pemKey('ec', curve))), undefined);
	});

	it(`RSA of ${MIN_RSA_BITS} bits or more is taken; less is refused`, () => {
		assert.equal(weakness(parse(pemKey('rsa', MIN_RSA_BITS))), undefined);
		for (const bits of [1024, 2048]) {
			assert.equal(
				weakness(parse(pemKey('rsa', bits))),
				`is RSA of ${bits} bits, too weak (${MIN_RSA_BITS} at least): ` +
					'move it away and serve makes an ed25519 key there, or give a stronger one',
			);
		}
	});

	it('DSA is refused', () => {
		assert.equal(
			weakness({type: 'ssh-dss', getPublicPEM: () => ''}),
			'is DSA, which OpenSSH no longer takes: move it away and serve makes an ed25519 key there',
		);
	});
});

describe('loadHostKey: a key file given with --host-key', () => {
	it('a key of yours, private, in a folder of yours: taken', () => {
		const file = keyFile(ed25519);
		assert.equal(loadHostKey(file, {}).created, false);
	});

	it('a key made where none was, in a folder of yours', () => {
		const file = path.join(folder(), 'new');
		assert.equal(loadHostKey(file, {}).created, true);
	});

	it('a key in a sticky folder open to all (as /tmp) is taken', () => {
		const file = keyFile(ed25519, 0o600, folder(0o1777));
		assert.equal(loadHostKey(file, {}).created, false);
	});

	it('a key others can change is refused, though they can’t read it', () => {
		const file = keyFile(ed25519, 0o620);
		assert.equal(
			userError(() => loadHostKey(file, {})),
			`host key ${file} can be changed by others (mode 620): chmod 600 it`,
		);
	});

	it('a key in a folder others can change is refused, and none is made there', () => {
		for (const mode of [0o777, 0o770]) {
			const where = folder(mode);
			const file = keyFile(ed25519, 0o600, where);
			const shown = (mode & 0o777).toString(8);
			const advice = 'keep it in a folder only you can change';
			const why = `is in ${where}, which can be changed by others (mode ${shown}): ${advice}`;
			assert.equal(
				userError(() => loadHostKey(file, {})),
				`host key ${file} ${why}`,
			);
			const missing = path.join(where, 'not-yet');
			assert.equal(
				userError(() => loadHostKey(missing, {})),
				`host key ${missing} ${why}`,
			);
			assert.throws(() => readFileSync(missing), /ENOENT/, 'no key made there');
		}
	});

	it('a key of another user is refused', () => {
		if (isRoot) {
			const file = keyFile(ed25519);
			chownSync(file, OTHER, OTHER);
			assert.equal(
				userError(() => loadHostKey(file, {})),
				`host key ${file} belongs to another user (uid ${OTHER}): give a key of your own with --host-key`,
			);
		} else {
			// A file of root's that anyone may read: the owner is what is wrong first.
			assert.equal(
				userError(() => loadHostKey('/etc/passwd', {})),
				'host key /etc/passwd belongs to another user (uid 0): give a key of your own with --host-key',
			);
		}
	});

	it('a key in a folder of another user is refused', {skip: !isRoot && 'only root can give a folder away'}, () => {
		const where = folder();
		const file = keyFile(ed25519, 0o600, where);
		chownSync(where, OTHER, OTHER);
		assert.equal(
			userError(() => loadHostKey(file, {})),
			`host key ${file} is in ${where}, which belongs to another user (uid ${OTHER}): ` +
				'keep it in a folder only you can change',
		);
	});

	it('an RSA key of 1024 bits is refused', () => {
		const file = keyFile(pemKey('rsa', 1024));
		assert.equal(
			userError(() => loadHostKey(file, {})),
			`host key ${file} is RSA of 1024 bits, too weak (${MIN_RSA_BITS} at least): ` +
				'move it away and serve makes an ed25519 key there, or give a stronger one',
		);
	});

	it('an ECDSA key (P-256) is taken', () => {
		assert.equal(loadHostKey(keyFile(pemKey('ec', 'prime256v1')), {}).created, false);
	});

	it('a DSA key made by ssh-keygen is refused', {skip: !keygen && 'ssh-keygen is not installed'}, () => {
		const where = path.join(folder(), 'dsa');
		const made = spawnSync('ssh-keygen', ['-q', '-t', 'dsa', '-N', '', '-f', where], {encoding: 'utf8'});
		if (made.status !== 0) return;
		assert.equal(
			userError(() => loadHostKey(where, {})),
			`host key ${where} is DSA, which OpenSSH no longer takes: move it away and serve makes an ed25519 key there`,
		);
	});

	it('serve says what is wrong in one line, and does not start', () => {
		const file = keyFile(pemKey('rsa', 1024));
		const result = runBin(['serve', blogCopy(), '--listen', '127.0.0.1:0', '--host-key', file]);
		assert.equal(result.code, 1);
		assert.equal(
			result.stderr,
			`blogread: host key ${file} is RSA of 1024 bits, too weak (${MIN_RSA_BITS} at least): ` +
				'move it away and serve makes an ed25519 key there, or give a stronger one\n',
		);
	});
});
