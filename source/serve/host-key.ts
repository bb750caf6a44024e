// The server's identity: one ed25519 key, made at the first start and used
// from then on, so readers' ssh knows the server again and warns if it changes.
// A key given is taken only as sshd would take it, and a little more: yours,
// private, in a folder others can't change, and not too weak to be trusted.
import {createHash, createPublicKey} from 'node:crypto';
import {closeSync, constants, existsSync, fstatSync, openSync, readSync, type Stats, statSync} from 'node:fs';
import path from 'node:path';
import ssh2, {type ParsedKey} from 'ssh2';
import {privateFolder, stateFolderPath, writePrivateFile} from '../storage/private-folder.js';
import {cleanLine} from '../text/sanitize.js';
import {errorCode, UserError} from '../util/errors.js';

const {utils} = ssh2;

/** Where the key lives when --host-key does not say: blogread's state folder, yours alone. */
export const HOST_KEY_NAME = 'serve-host-ed25519';
const MAX_KEY_BYTES = 64 * 1024;
const STICKY = 0o1000;
/** RSA below this is refused, as NIST and OpenSSH's own advice have it since 2020. */
export const MIN_RSA_BITS = 3072;
/** The key types served with: ed25519, ECDSA on the NIST curves, RSA of MIN_RSA_BITS or more. */
const ACCEPTED_TYPES = new Set(['ssh-ed25519', 'ecdsa-sha2-nistp256', 'ecdsa-sha2-nistp384', 'ecdsa-sha2-nistp521']);
const MAKE_ONE = 'move it away and serve makes an ed25519 key there';
/** An ed25519 public key on the wire: its type's name and the 32-byte key, each after its length. */
const ED25519_PUBLIC_BYTES = 4 + 'ssh-ed25519'.length + 4 + 32;

export type HostKey = {
	/** The private key, in OpenSSH's format, for the server. */
	private: string;
	/** As ssh prints it: `SHA256:` and the base64 of the public key's hash. */
	fingerprint: string;
	file: string;
	created: boolean;
};

/** The fingerprint OpenSSH shows for a public key (its wire form). */
export function fingerprintOf(publicKey: Buffer): string {
	return `SHA256:${createHash('sha256').update(publicKey).digest('base64').replace(/=+$/, '')}`;
}

function keyFile(given: string | undefined, env: NodeJS.ProcessEnv): string {
	if (given !== undefined) return path.resolve(given);
	const folder = privateFolder(stateFolderPath(env), () => {});
	if (folder.problem !== undefined) {
		throw new UserError(
			`cannot keep the host key in ${cleanLine(folder.path)}: ${folder.problem} (give one with --host-key FILE)`,
		);
	}

	return path.join(folder.path, HOST_KEY_NAME);
}

function parsed(text: string, file: string): {private: string; fingerprint: string} {
	const key = utils.parseKey(text);
	if (key instanceof Error || !key.isPrivateKey()) {
		throw new UserError(`${cleanLine(file)} is not an unencrypted OpenSSH private key`);
	}

	const weak = weakness(key);
	if (weak !== undefined) throw new UserError(`host key ${cleanLine(file)} ${weak}`);
	return {private: text, fingerprint: fingerprintOf(key.getPublicSSH())};
}

const modeOf = (stats: Pick<Stats, 'mode'>) => (stats.mode & 0o777).toString(8);

/** Why a host key of this type and size is not served with, and what to do; undefined when it is. */
export function weakness(key: Pick<ParsedKey, 'type' | 'getPublicPEM'>): string | undefined {
	if (ACCEPTED_TYPES.has(key.type)) return undefined;
	if (key.type === 'ssh-dss') return `is DSA, which OpenSSH no longer takes: ${MAKE_ONE}`;
	if (key.type !== 'ssh-rsa') return `is of a type not served with (${cleanLine(key.type)}): ${MAKE_ONE}`;
	const bits = createPublicKey(key.getPublicPEM()).asymmetricKeyDetails?.modulusLength ?? 0;
	return bits >= MIN_RSA_BITS
		? undefined
		: `is RSA of ${bits} bits, too weak (${MIN_RSA_BITS} at least): ${MAKE_ONE}, or give a stronger one`;
}

/** Why a host key file with these stats can't be trusted (and what to do), or undefined when it can. */
export function keyFileProblem(stats: Pick<Stats, 'mode' | 'uid' | 'isFile'>, uid: number): string | undefined {
	if (!stats.isFile()) return 'is not a regular file';
	if (stats.uid !== uid) return `belongs to another user (uid ${stats.uid}): give a key of your own with --host-key`;
	// As sshd does: a private key others can read is no longer private; one they can change is not yours.
	if ((stats.mode & 0o044) !== 0) return `can be read by others (mode ${modeOf(stats)}): chmod 600 it`;
	if ((stats.mode & 0o022) !== 0) return `can be changed by others (mode ${modeOf(stats)}): chmod 600 it`;
	if ((stats.mode & 0o011) !== 0) return `is open to others (mode ${modeOf(stats)}): chmod 600 it`;
	return undefined;
}

/**
 * Why the folder a host key is in can't be trusted, or undefined when it can: it must be yours or root's,
 * and not writable by others unless sticky (as /tmp: there they can't remove or rename what is yours).
 */
export function keyFolderProblem(stats: Pick<Stats, 'mode' | 'uid' | 'isDirectory'>, uid: number): string | undefined {
	if (!stats.isDirectory()) return 'is not a folder';
	if (stats.uid !== uid && stats.uid !== 0) return `belongs to another user (uid ${stats.uid})`;
	if ((stats.mode & 0o022) !== 0 && (stats.mode & STICKY) === 0) {
		return `can be changed by others (mode ${modeOf(stats)})`;
	}

	return undefined;
}

const ownUid = () => process.getuid?.() ?? 0;

/** Refuses a key whose folder others could change (its key swapped); a missing folder is left to writing to say. */
function trustFolder(file: string): void {
	const folder = path.dirname(file);
	let stats: Stats;
	try {
		stats = statSync(folder);
	} catch {
		return;
	}

	const problem = keyFolderProblem(stats, ownUid());
	if (problem !== undefined) {
		throw new UserError(
			`host key ${cleanLine(file)} is in ${cleanLine(folder)}, which ${problem}: ` +
				'keep it in a folder only you can change',
		);
	}
}

/**
 * The key file's text, or undefined when there is none. Opened without following a link or waiting
 * (a FIFO), and checked as opened, so what is read is what was checked.
 */
function readKeyFile(file: string): string | undefined {
	let handle: number;
	try {
		handle = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
	} catch (error) {
		const code = errorCode(error);
		if (code === 'ENOENT') return undefined;
		if (code === 'ELOOP') throw new UserError(`host key ${cleanLine(file)} is not a regular file`);
		throw new UserError(`cannot read the host key ${cleanLine(file)} (${code})`);
	}

	try {
		const stats = fstatSync(handle);
		const problem = keyFileProblem(stats, ownUid());
		if (problem !== undefined) throw new UserError(`host key ${cleanLine(file)} ${problem}`);
		if (stats.size > MAX_KEY_BYTES) throw new UserError(`${cleanLine(file)} is not an unencrypted OpenSSH private key`);
		const bytes = Buffer.alloc(stats.size);
		let read = 0;
		while (read < bytes.length) {
			const got = readSync(handle, bytes, read, bytes.length - read, null);
			if (got === 0) break;
			read += got;
		}

		return bytes.subarray(0, read).toString('utf8');
	} finally {
		closeSync(handle);
	}
}

/**
 * A new ed25519 key that reads back: ssh2's generator now and then (about one
 * key in 256) writes a public part a byte short, which it then refuses to read.
 */
function newKey(file: string): {private: string; fingerprint: string} {
	for (let attempt = 0; attempt < 16; attempt++) {
		const text = utils.generateKeyPairSync('ed25519').private;
		const key = utils.parseKey(text);
		if (!(key instanceof Error) && key.isPrivateKey() && key.getPublicSSH().length === ED25519_PUBLIC_BYTES) {
			return parsed(text, file);
		}
	}

	throw new UserError(`cannot make a host key for ${cleanLine(file)}`);
}

/** The host key from `given` (--host-key) or the state folder; made there (ed25519, mode 600) when missing. */
export function loadHostKey(given: string | undefined, env: NodeJS.ProcessEnv): HostKey {
	const file = keyFile(given, env);
	trustFolder(file);
	const text = readKeyFile(file);
	if (text !== undefined) return {...parsed(text, file), file, created: false};
	const made = newKey(file);
	writePrivateFile(file, made.private);
	if (!existsSync(file)) throw new UserError(`cannot write the host key ${cleanLine(file)}`);
	return {...made, file, created: true};
}
