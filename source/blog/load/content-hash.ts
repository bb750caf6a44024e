import {createRequire} from 'node:module';

type Crypto = typeof import('node:crypto');

// Loaded on the first post read from its file: a start that reads every post from the index never pays for it.
let crypto: Crypto | undefined;

/**
 * Twelve hex digits (48 bits) of a post file's bytes: the read marks compare
 * it to tell a post that changed since it was read.
 */
export function contentHash(bytes: Uint8Array | string): string {
	crypto ??= createRequire(import.meta.url)('node:crypto') as Crypto;
	// crypto.hash (Node 20.12 and later) makes no hash object: a quarter quicker for a small post.
	const hex =
		typeof crypto.hash === 'function'
			? crypto.hash('sha1', bytes, 'hex')
			: crypto.createHash('sha1').update(bytes).digest('hex');
	return hex.slice(0, 12);
}

/** Whether a value is a hash as contentHash makes them (what comes back from disk is checked with it). */
export function isContentHash(value: unknown): value is string {
	return typeof value === 'string' && /^[0-9a-f]{12}$/.test(value);
}
