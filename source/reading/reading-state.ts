// The reading state of one blog folder as it is kept on disk: where each post
// was left and which posts were read. Pure: text in, checked state out, and
// back. The file sits in a private folder, but it is still read as untrusted:
// anything that does not fit is dropped, and said once.
import {isContentHash} from '../blog/load/content-hash.js';
import {isBlogPath} from '../blog/model/model.js';
import {hasControls} from '../text/sanitize.js';

/** Bump when the shape changes: an older file is then ignored (with a warning) and rewritten. */
export const STATE_FORMAT = 1;
/** Ten thousand posts take about 0.6 MB; a file past this is not read. */
export const MAX_STATE_BYTES = 8 * 1024 * 1024;
/** More entries than this are not a blog's: the file is refused (and never written). */
export const MAX_ENTRIES = 100_000;
/** No post has this many top-level blocks: a larger index is not a position. */
const MAX_BLOCK = 10_000_000;
/** Digits kept of a position's fraction: finer than any screen line. */
const FRACTION_DIGITS = 4;

/** A position in a post: its top-level block, and how far into it (as ui/state/anchor.ts keeps them). */
export type Position = {block: number; fraction: number};

/**
 * What is remembered: `positions` by post path; `read` by post path, the
 * content hash the post had when it was read ('' when its file gave none).
 */
export type ReadingState = {positions: Record<string, Position>; read: Record<string, string>};

export const emptyReadingState: ReadingState = {positions: {}, read: {}};

// A row of the file: `[path, block, fraction]`, and the content hash when the post was read.

/** `partial`: the problem is with some entries only (dropped); the rest of the state is kept. */
export type ParsedState = {state: ReadingState; problem?: string; partial?: true};

/** A post's path as the blog's walk gives it, with no control characters (it may be shown). */
const isPostPath = (value: unknown): value is string => isBlogPath(value) && !hasControls(value);

function rowEntry(row: unknown): {path: string; position: Position; read?: string} | undefined {
	if (!Array.isArray(row) || row.length < 3 || row.length > 4) return undefined;
	const [path, block, fraction, read] = row as unknown[];
	if (!isPostPath(path) || !Number.isSafeInteger(block) || (block as number) < 0 || (block as number) > MAX_BLOCK)
		return undefined;
	if (typeof fraction !== 'number' || !(fraction >= 0 && fraction <= 1)) return undefined;
	if (row.length === 4 && !(read === '' || isContentHash(read))) return undefined;
	const position = {block: block as number, fraction};
	return row.length === 4 ? {path, position, read: read as string} : {path, position};
}

/**
 * The state kept in `text` for the folder `root`. A file that can't be read
 * as one (broken JSON, another shape or folder, too large) gives an empty
 * state and why; entries that don't fit are dropped, and counted in `problem`.
 */
export function parseReadingState(text: string, root: string): ParsedState {
	const refused = (problem: string): ParsedState => ({state: emptyReadingState, problem});
	if (text.length > MAX_STATE_BYTES) return refused('it is too large');
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		return refused('it is not valid JSON');
	}

	if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return refused('it is not a JSON object');
	const file = parsed as Partial<Record<'format' | 'root' | 'posts', unknown>>;
	if (file.format !== STATE_FORMAT) return refused('it is from another version of blogread');
	if (file.root !== root) return refused('it is for another folder');
	if (!Array.isArray(file.posts)) return refused('it has no list of posts');
	if (file.posts.length > MAX_ENTRIES) return refused(`it has more than ${MAX_ENTRIES} entries`);

	const positions: Array<[string, Position]> = [];
	const read: Array<[string, string]> = [];
	let dropped = 0;
	for (const row of file.posts as unknown[]) {
		const entry = rowEntry(row);
		if (!entry) {
			dropped++;
			continue;
		}

		if (entry.position.block !== 0 || entry.position.fraction !== 0) positions.push([entry.path, entry.position]);
		if (entry.read !== undefined) read.push([entry.path, entry.read]);
	}

	// fromEntries defines own properties: a path like `__proto__` stays a key, never a prototype.
	const state = {positions: Object.fromEntries(positions), read: Object.fromEntries(read)};
	const what = `${dropped} ${dropped === 1 ? 'entry does not fit and is' : 'entries do not fit and are'} dropped`;
	return dropped === 0 ? {state} : {state, problem: what, partial: true};
}

/** The file's text for `state`: one row per post with a position or a read mark (read posts first). */
export function serializeReadingState(state: ReadingState, root: string): string {
	const scale = 10 ** FRACTION_DIGITS;
	const {positions, read} = state;
	const head = `{"format":${STATE_FORMAT},"root":${JSON.stringify(root)},"posts":[\n`;
	const lines: string[] = [];
	// What would be refused when read back is not written: rows past the caps are left out. Bytes are
	// counted only near the cap (a character is at most three bytes of UTF-8 here).
	let characters = head.length + 4;
	let bytes = 0;
	const add = (path: string, position: Position | undefined, mark: string | undefined): boolean => {
		const block = position?.block ?? 0;
		const fraction = Math.round((position?.fraction ?? 0) * scale) / scale;
		if (mark === undefined && block === 0 && fraction === 0) return true;
		const hash = mark === undefined ? '' : `,${JSON.stringify(mark)}`;
		const line = `[${JSON.stringify(path)},${block},${fraction}${hash}]`;
		characters += line.length + 2;
		if (characters * 3 > MAX_STATE_BYTES) {
			bytes ||= Buffer.byteLength(head) + Buffer.byteLength(lines.join(',\n')) + 4;
			bytes += Buffer.byteLength(line) + 2;
			if (bytes > MAX_STATE_BYTES) return false;
		}

		lines.push(line);
		return lines.length < MAX_ENTRIES;
	};

	let room = true;
	for (const path in read) {
		if (!Object.hasOwn(read, path)) continue;
		room = add(path, Object.hasOwn(positions, path) ? positions[path] : undefined, read[path]);
		if (!room) break;
	}

	for (const path in positions) {
		if (!room) break;
		if (Object.hasOwn(positions, path) && !Object.hasOwn(read, path)) room = add(path, positions[path], undefined);
	}

	// One row a line: a person can read the file, and a diff of two is short.
	return `${head}${lines.join(',\n')}\n]}\n`;
}

const samePosition = (a: Position | undefined, b: Position | undefined) =>
	a === b || (a !== undefined && b !== undefined && a.block === b.block && a.fraction === b.fraction);

/** Each key of `before` or `after` whose value changed between them: set to its new value in `into`, or removed. */
function applyChangedKeys<Value>(
	into: Record<string, Value>,
	before: Record<string, Value>,
	after: Record<string, Value>,
	same: (a: Value | undefined, b: Value | undefined) => boolean,
): Record<string, Value> {
	const merged = new Map(Object.entries(into));
	const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
	for (const key of keys) {
		const was = Object.hasOwn(before, key) ? before[key] : undefined;
		const now = Object.hasOwn(after, key) ? after[key] : undefined;
		if (same(was, now)) continue;
		if (now === undefined) merged.delete(key);
		else merged.set(key, now);
	}

	// fromEntries: a path like `__proto__` stays a key.
	return Object.fromEntries(merged);
}

/**
 * What this instance changed since `before` (its state at its last write,
 * or as it started), `after` (its state now), applied to `disk` (the file as
 * it is now, perhaps written meanwhile by another terminal on the same blog):
 * post by post, a position or read mark this instance moved, set or cleared is
 * taken from `after`; every other entry stays as on disk.
 */
export function mergeReadingState(disk: ReadingState, before: ReadingState, after: ReadingState): ReadingState {
	return {
		positions: applyChangedKeys(disk.positions, before.positions, after.positions, samePosition),
		read: applyChangedKeys(disk.read, before.read, after.read, (a, b) => a === b),
	};
}
