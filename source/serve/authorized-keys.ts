// Who may log in when the blog is not for everyone: the public keys of an
// OpenSSH authorized_keys file. Lines' options (`restrict`, `command=`) are
// read past, not obeyed: every session is already read-only and can run
// nothing but blogread.
import {readFileSync} from 'node:fs';
import ssh2, {type ParsedKey} from 'ssh2';
import {cleanLine} from '../text/sanitize.js';
import {errorCode, UserError} from '../util/errors.js';

const {utils} = ssh2;

/** Where a line's key starts: its type, after any options. */
const KEY_TYPE = /(?:^|\s)((?:ssh-|ecdsa-|sk-)\S+\s+\S+)/;

export type AuthorizedKeys = {keys: ParsedKey[]; skipped: number};

/** The keys of an authorized_keys file's text; lines that hold none are counted, not fatal. */
export function parseAuthorizedKeys(text: string): AuthorizedKeys {
	const keys: ParsedKey[] = [];
	let skipped = 0;
	for (const raw of text.split(/\r?\n/)) {
		const line = raw.trim();
		if (line === '' || line.startsWith('#')) continue;
		const found = KEY_TYPE.exec(line)?.[1];
		const key = found === undefined ? undefined : utils.parseKey(found);
		if (key === undefined || key instanceof Error) skipped++;
		else keys.push(key);
	}

	return {keys, skipped};
}

export function readAuthorizedKeys(file: string): AuthorizedKeys {
	let text: string;
	try {
		text = readFileSync(file, 'utf8');
	} catch (error) {
		throw new UserError(`cannot read the authorized keys ${cleanLine(file)} (${errorCode(error)})`);
	}

	const found = parseAuthorizedKeys(text);
	if (found.keys.length === 0) throw new UserError(`no public key in ${cleanLine(file)}: no one could log in`);
	return found;
}

/** The listed key a client offers (its public key's wire form), if any. */
export function findKey(keys: readonly ParsedKey[], offered: Buffer): ParsedKey | undefined {
	return keys.find(key => key.getPublicSSH().equals(offered));
}
