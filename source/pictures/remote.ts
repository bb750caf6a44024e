// Pictures a post names by a web address, fetched only when the user asks
// (--remote-images, the config's `remoteImages`): a fetch tells the author's
// server that the post is being read. What is fetched is a stranger's too, so
// it is fetched as a picture and nothing else: http(s) only, public addresses
// only (never this machine, its network or the cloud's metadata service, at
// any redirect, checked at the moment of connecting), a few redirects, a
// deadline and a size cap; and it is kept in memory for this run alone.
import type {IncomingMessage} from 'node:http';
import {BlockList, isIP, type LookupFunction} from 'node:net';
import {isWhiteSpace, isWordCode} from '../text/char-codes.js';
import {errorMessage} from '../util/errors.js';
import {pictureSize} from './header.js';
import {MAX_PICTURE_BYTES} from './limits.js';

/** A remote picture as the page lays it out: its size, or why it is not drawn. */
export type RemoteFound = {width: number; height: number} | {problem: string};

/** How long a picture's fetch may take, redirects and all. */
export const REMOTE_SECONDS = 5;
const MAX_REDIRECTS = 3;
/** Fetches at once. */
const AT_ONCE = 4;

/** Networks no picture is fetched from: this machine, private networks, link-local (cloud metadata), and the like. */
const NOT_PUBLIC_V4 = [
	['0.0.0.0', 8],
	['10.0.0.0', 8],
	['100.64.0.0', 10],
	['127.0.0.0', 8],
	['169.254.0.0', 16],
	['172.16.0.0', 12],
	['192.0.0.0', 24],
	['192.168.0.0', 16],
	['198.18.0.0', 15],
	['224.0.0.0', 4],
	['240.0.0.0', 4],
] as const;
const NOT_PUBLIC_V6 = [
	['::', 127],
	['64:ff9b::', 96],
	['fc00::', 7],
	['fe80::', 10],
	['ff00::', 8],
] as const;

let notPublic: BlockList | undefined;

/** The networks as a BlockList, made at the first address checked (a start checks none). */
function notPublicList(): BlockList {
	if (notPublic) return notPublic;
	notPublic = new BlockList();
	for (const [network, prefix] of NOT_PUBLIC_V4) notPublic.addSubnet(network, prefix, 'ipv4');
	for (const [network, prefix] of NOT_PUBLIC_V6) notPublic.addSubnet(network, prefix, 'ipv6');
	return notPublic;
}

/** Whether `address` (an IP) is one a picture may be fetched from. */
export function isPublicAddress(address: string): boolean {
	const family = isIP(address);
	if (family === 0) return false;
	// An IPv4 address written as IPv6 is refused whole (BlockList would read it as the IPv4 address).
	if (family === 6 && /^::ffff:/i.test(address)) return false;
	return !notPublicList().check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Name resolution that gives only addresses `allows` takes (public ones): checked as the connection
 * is made, so no later answer (a name that changes what it points at) slips by.
 */
const lookupAllowing =
	(allows: (address: string) => boolean): LookupFunction =>
	(hostname, options, callback) => {
		void import('node:dns').then(({lookup}) => {
			lookup(hostname, {...options, all: true}, (error, addresses) => {
				if (error) {
					callback(error, '', 4);
					return;
				}

				const allowed = addresses.filter(({address}) => allows(address));
				if (allowed.length === 0) {
					const refused = Object.assign(new Error(`${hostname} is not a public address`), {code: 'ENOTPUBLIC'});
					callback(refused, '', 4);
					return;
				}

				const first = allowed[0] as {address: string; family: number};
				if (options.all) (callback as unknown as (error: null, all: typeof allowed) => void)(null, allowed);
				else callback(null, first.address, first.family);
			});
		});
	};

/** Why a fetch failed, for the note shown in the picture's place. */
function fetchProblem(error: unknown): string {
	const code = (error as {code?: unknown}).code;
	if (code === 'ENOTPUBLIC') return 'not a public address';
	if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'its server was not found';
	const message = errorMessage(error);
	return /timed out|aborted/i.test(message) ? `not fetched within ${REMOTE_SECONDS} s` : 'it could not be fetched';
}

/** How a fetch is made: its deadline, and which addresses it may connect to (tests allow this machine's). */
export type FetchRules = {timeoutMs?: number; allows?: (address: string) => boolean};

/**
 * The bytes of the picture at `url` (http or https), or why there are none: a public address
 * only, at most MAX_REDIRECTS redirects, MAX_PICTURE_BYTES, REMOTE_SECONDS in all.
 */
export async function fetchPicture(
	url: string,
	{timeoutMs = REMOTE_SECONDS * 1000, allows = isPublicAddress}: FetchRules = {},
): Promise<Uint8Array | {problem: string}> {
	const signal = AbortSignal.timeout(timeoutMs);
	const lookup = lookupAllowing(allows);
	let address = url;
	try {
		for (let redirects = 0; ; redirects++) {
			const target = new URL(address);
			if (target.protocol !== 'http:' && target.protocol !== 'https:') return {problem: 'not a web address'};
			const host = target.hostname.replace(/^\[|\]$/g, '');
			if (isIP(host) !== 0 && !allows(host)) return {problem: 'not a public address'};
			const response = await get(target, signal, lookup);
			const status = response.statusCode ?? 0;
			if (status >= 300 && status < 400 && response.headers.location) {
				response.destroy();
				if (redirects === MAX_REDIRECTS) return {problem: `more than ${MAX_REDIRECTS} redirects`};
				address = new URL(response.headers.location, target).href;
				continue;
			}

			if (status !== 200) {
				response.destroy();
				return {problem: `the server answered ${status}`};
			}

			return await body(response);
		}
	} catch (error) {
		return {problem: fetchProblem(error)};
	}
}

async function get(url: URL, signal: AbortSignal, lookup: LookupFunction): Promise<IncomingMessage> {
	const {request} = await (url.protocol === 'https:' ? import('node:https') : import('node:http'));
	return new Promise((resolve, reject) => {
		const sent = request(url, {signal, lookup, headers: {accept: 'image/*', 'user-agent': 'blogread'}});
		sent.on('response', resolve);
		sent.on('error', reject);
		sent.end();
	});
}

/** A response's bytes, at most MAX_PICTURE_BYTES of them. */
async function body(response: IncomingMessage): Promise<Uint8Array | {problem: string}> {
	const tooLarge = {problem: `larger than ${MAX_PICTURE_BYTES / 1024 / 1024} MB`};
	if (Number(response.headers['content-length'] ?? 0) > MAX_PICTURE_BYTES) {
		response.destroy();
		return tooLarge;
	}

	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of response) {
		size += (chunk as Buffer).length;
		if (size > MAX_PICTURE_BYTES) {
			response.destroy();
			return tooLarge;
		}

		chunks.push(chunk as Buffer);
	}

	return new Uint8Array(Buffer.concat(chunks));
}

/** Whether `word` (lower-case ASCII) is at `at`, in any case (as `/i` reads ASCII letters). */
function wordAt(text: string, at: number, word: string): boolean {
	if (at + word.length > text.length) return false;
	for (let index = 0; index < word.length; index++) {
		const code = text.charCodeAt(at + index);
		const lower = code >= 65 && code <= 90 ? code + 32 : code;
		if (lower !== word.charCodeAt(index)) return false;
	}

	return true;
}

/** Past `\s*` from `at`. */
function pastSpaces(text: string, at: number): number {
	let index = at;
	while (index < text.length && isWhiteSpace(text.charCodeAt(index))) index++;
	return index;
}

/** Past a run of characters none of which is in `stops` (or a space, when `spaces` stop it too). */
function pastRun(text: string, at: number, stops: string, spaces: boolean): number {
	let index = at;
	while (index < text.length) {
		const code = text.charCodeAt(index);
		if ((spaces && isWhiteSpace(code)) || stops.includes(text[index] as string)) break;
		index++;
	}

	return index;
}

/**
 * `\bsrc\s*=\s*["']?([^"'\s>]+)` (any case) at `at`: the address's bounds, or
 * undefined. Only the spaces around its `=` are read: each run once.
 */
function sourceAttributeAt(text: string, at: number): [number, number] | undefined {
	if ((at > 0 && isWordCode(text.charCodeAt(at - 1))) || !wordAt(text, at, 'src')) return undefined;
	const equals = pastSpaces(text, at + 3);
	if (text.charCodeAt(equals) !== 61) return undefined;
	let start = pastSpaces(text, equals + 1);
	if (text[start] === '"' || text[start] === "'") start++;
	const end = pastRun(text, start, '"\'>', true);
	return end > start ? [start, end] : undefined;
}

/**
 * The addresses of `<img … src=…>` or `{{< figure … src=… >}}` (any case): after each opener
 * (`attributesAt` gives where its attributes start, or -1), the first `src=` before the next
 * `>`, as `<img\b[^>]*?\bsrc\s*=\s*["']?([^"'\s>]+)` reads it. The next `src=` and the
 * next `>` are each searched once and kept while they are ahead: openers that never close
 * cost their own length, not the rest of the post each.
 */
function sourceAttributes(text: string, opening: string, attributesAt: (at: number) => number): string[] {
	const found: string[] = [];
	let sourceFrom = -1;
	let source = -1;
	const firstSource = (from: number) => {
		if (sourceFrom === -1 || from < sourceFrom || (source !== -1 && source < from)) {
			sourceFrom = from;
			source = -1;
			for (let at = from; at < text.length; at++) {
				const code = text.charCodeAt(at);
				if ((code === 115 || code === 83) && sourceAttributeAt(text, at)) {
					source = at;
					break;
				}
			}
		}

		return source;
	};
	let closeFrom = -1;
	let close = -1;
	const firstClose = (from: number) => {
		if (closeFrom === -1 || from < closeFrom || (close !== -1 && close < from)) {
			closeFrom = from;
			close = text.indexOf('>', from);
		}

		return close;
	};
	for (let at = text.indexOf(opening); at !== -1; ) {
		const attributes = attributesAt(at);
		const source = attributes === -1 ? -1 : firstSource(attributes);
		const close = source === -1 ? -1 : firstClose(attributes);
		const bounds = source !== -1 && (close === -1 || source < close) ? sourceAttributeAt(text, source) : undefined;
		if (bounds) found.push(text.slice(bounds[0], bounds[1]));
		at = text.indexOf(opening, bounds ? bounds[1] : at + 1);
	}

	return found;
}

/**
 * Markdown images, in one pass: `![alt](address` as `!\[[^\]\n]*\]\(\s*<?([^\s)>]+)` reads
 * it (`link`), and `![alt][id]` as `!\[([^\]\n]*)\]\[([^\]\n]*)\]` does (`reference`).
 * Every `![` looks for the first `]` or newline after it: that is searched once for all the
 * `![` before it, and what follows a `]` is read once however many `![` lead to it.
 */
function markdownImages(text: string, reading: 'link' | 'reference'): string[] {
	const found: string[] = [];
	let stopFrom = -1;
	let stop = -1;
	/** The first `]` or newline at or after `from`, or -1. */
	const firstStop = (from: number) => {
		if (stopFrom === -1 || from < stopFrom || (stop !== -1 && stop < from)) {
			stopFrom = from;
			stop = -1;
			for (let at = from; at < text.length; at++) {
				const code = text.charCodeAt(at);
				if (code === 93 || code === 10) {
					stop = at;
					break;
				}
			}
		}

		return stop;
	};
	let failedAt = -1;
	for (let at = text.indexOf('!['); at !== -1; ) {
		const bracket = firstStop(at + 2);
		if (bracket === -1) break;
		let end = -1;
		if (bracket !== failedAt && text.charCodeAt(bracket) === 93) {
			const read = reading === 'link' ? linkAddress(text, bracket + 1) : referenceId(text, bracket + 1);
			if (read) {
				found.push(reading === 'link' ? read.value : (read.value || text.slice(at + 2, bracket)).toLowerCase());
				end = read.end;
			} else {
				failedAt = bracket;
			}
		}

		at = text.indexOf('![', end === -1 ? at + 1 : end);
	}

	return found;
}

/** `\(\s*<?([^\s)>]+)` at `at`. */
function linkAddress(text: string, at: number): {value: string; end: number} | undefined {
	if (text.charCodeAt(at) !== 40) return undefined;
	const open = pastSpaces(text, at + 1);
	let start = open;
	if (text.charCodeAt(open) === 60 && pastRun(text, open + 1, ')>', true) > open + 1) start = open + 1;
	const end = pastRun(text, start, ')>', true);
	return end > start ? {value: text.slice(start, end), end} : undefined;
}

/** `\[([^\]\n]*)\]` at `at`. */
function referenceId(text: string, at: number): {value: string; end: number} | undefined {
	if (text.charCodeAt(at) !== 91) return undefined;
	const close = pastRun(text, at + 1, ']\n', false);
	return text.charCodeAt(close) === 93 ? {value: text.slice(at + 1, close), end: close + 1} : undefined;
}

/** The web addresses of a post's pictures: Markdown images, `<img src>`, Hugo figures, and its cover. */
export function remoteAddresses(markdown: string, cover?: string | null): string[] {
	const found = new Set<string>();
	const add = (address: string | undefined) => {
		const trimmed = address?.trim();
		if (trimmed && /^https?:\/\//i.test(trimmed)) found.add(trimmed);
	};

	add(cover ?? undefined);
	for (const address of markdownImages(markdown, 'link')) add(address);
	// `<img\b`, any case.
	const image = (at: number) =>
		wordAt(markdown, at + 1, 'img') && !isWordCode(markdown.charCodeAt(at + 4)) ? at + 4 : -1;
	for (const address of sourceAttributes(markdown, '<', image)) add(address);
	// `\{\{<\s*figure\b`, any case.
	const figure = (at: number) => {
		const name = pastSpaces(markdown, at + 3);
		const end = name + 'figure'.length;
		return wordAt(markdown, name, 'figure') && !isWordCode(markdown.charCodeAt(end)) ? end : -1;
	};
	for (const address of sourceAttributes(markdown, '{{<', figure)) add(address);
	// Reference images (![alt][id]): their definitions.
	const references = new Set(markdownImages(markdown, 'reference'));
	for (const match of markdown.matchAll(/^ {0,3}\[([^\]\n]+)\]:\s*<?(\S+?)>?(?:\s|$)/gm)) {
		if (references.has((match[1] ?? '').toLowerCase())) add(match[2]);
	}

	return [...found];
}

/**
 * The remote pictures of this run: fetched once each, on demand, kept in memory (never on disk: a
 * picture of someone's server is theirs to serve again).
 */
export class RemotePictures {
	private readonly bytes = new Map<string, Uint8Array>();
	private readonly found = new Map<string, RemoteFound>();

	constructor(
		private readonly fetchOne: (url: string) => Promise<Uint8Array | {problem: string}> = url => fetchPicture(url),
	) {}

	/** What is known of each picture fetched so far (serializable: a render worker lays pages out with it). */
	known(): Record<string, RemoteFound> {
		return Object.fromEntries(this.found);
	}

	/** How many pictures have been tried: a page laid out with fewer is laid out again. */
	get tried(): number {
		return this.found.size;
	}

	bytesOf(url: string): Uint8Array | undefined {
		return this.bytes.get(url);
	}

	/** Fetches those of `urls` not tried yet, a few at once; gives whether any was. */
	async fetchAll(urls: readonly string[]): Promise<boolean> {
		const wanted = [...new Set(urls)].filter(url => !this.found.has(url));
		for (let start = 0; start < wanted.length; start += AT_ONCE) {
			await Promise.all(
				wanted.slice(start, start + AT_ONCE).map(async url => {
					const fetched = await this.fetchOne(url);
					if ('problem' in fetched) {
						this.found.set(url, fetched);
						return;
					}

					const size = pictureSize(fetched);
					this.found.set(url, size);
					if (!('problem' in size)) this.bytes.set(url, fetched);
				}),
			);
		}

		return wanted.length > 0;
	}
}
