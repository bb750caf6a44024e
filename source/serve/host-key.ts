// The server's identity: one ed25519 key, made at the first start and used
// from then on, so readers' ssh knows the server again and warns if it changes.
import {createHash} from 'node:crypto';
import {existsSync, lstatSync} from 'node:fs';
import path from 'node:path';
import ssh2 from 'ssh2';
import {privateFolder, readPrivateFile, stateFolderPath, writePrivateFile} from '../storage/private-folder.js';
import {cleanLine} from '../text/sanitize.js';
import {UserError} from '../util/errors.js';

const {utils} = ssh2;

/** Where the key lives when --host-key does not say: blogread's state folder, yours alone. */
export const HOST_KEY_NAME = 'serve-host-ed25519';
const MAX_KEY_BYTES = 64 * 1024;
const GROUP_OR_OTHER = 0o077;
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

	return {private: text, fingerprint: fingerprintOf(key.getPublicSSH())};
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
	if (existsSync(file)) {
		const stats = lstatSync(file);
		if (!stats.isFile()) throw new UserError(`host key ${cleanLine(file)} is not a regular file`);
		// As sshd does: a private key others can read is no longer private.
		if ((stats.mode & GROUP_OR_OTHER) !== 0) {
			const mode = (stats.mode & 0o777).toString(8);
			throw new UserError(`host key ${cleanLine(file)} can be read by others (mode ${mode}): chmod 600 it`);
		}

		const text = readPrivateFile(file, MAX_KEY_BYTES);
		if (text === undefined) throw new UserError(`cannot read the host key ${cleanLine(file)}`);
		return {...parsed(text, file), file, created: false};
	}

	const made = newKey(file);
	writePrivateFile(file, made.private);
	if (!existsSync(file)) throw new UserError(`cannot write the host key ${cleanLine(file)}`);
	return {...made, file, created: true};
}
