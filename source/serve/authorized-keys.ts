// Who may log in when the blog is not for everyone: the public keys of an
// OpenSSH authorized_keys file. Lines' options (`restrict`, `command=`) are
// read past, not obeyed: every session is already read-only and can run
// nothing but blogread.
import {readFileSync} from 'node:fs';
import ssh2, {type ParsedKey} from 'ssh2';
import {cleanLine} from '../text/sanitize.js';
import {errorCode, UserError} from '../util/errors.js';

const {utils} = ssh2;

const KEY_TYPE = /^(?:ssh-|ecdsa-|sk-)\S+\s+\S+/;

/** A line's key (type and base64): at its start, or after its options, which may hold quoted spaces. */
function keyOf(line: string): string | undefined {
	const atStart = KEY_TYPE.exec(line)?.[0];
	if (atStart !== undefined) return atStart;
	let quoted = false;
	for (let index = 0; index < line.length; index++) {
		const character = line[index] as string;
		if (character === '\\' && quoted) index++;
		else if (character === '"') quoted = !quoted;
		else if (!quoted && /\s/.test(character)) return KEY_TYPE.exec(line.slice(index).trimStart())?.[0];
	}

	return undefined;
}

export type AuthorizedKeys = {keys: ParsedKey[]; skipped: number};

/** The keys of an authorized_keys file's text; lines that hold none are counted, not fatal. */
export function parseAuthorizedKeys(text: string): AuthorizedKeys {
	const keys: ParsedKey[] = [];
	let skipped = 0;
	for (const raw of text.split(/\r?\n/)) {
		const line = raw.trim();
		if (line === '' || line.startsWith('#')) continue;
		const found = keyOf(line);
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
