import path from 'node:path';
import {localToday} from '../blog/model/normalise.js';
import {version} from './help.js';
import type {Options} from './options.js';

/**
 * What a printed list depends on besides the blog's files and commit (blog/load/kept-list.ts):
 * this blogread, the blog (and how it was named), the flags, the day and the clock's zone (a post dated after
 * today is a draft). Kept only for a list for scripts, into a pipe or a file or with --json or
 * --format: one for a terminal depends on its width and colours too. None for a search, which
 * reads every body.
 */
export function keptListKey(options: Options, toTerminal: boolean, now = new Date()): string | undefined {
	const forScripts = options.json || options.format !== undefined || !toTerminal;
	if (!forScripts || options.search.trim() !== '') return undefined;
	const {json, format, tags, sort, drafts, lang, sections} = options;
	const flags = [json, format ?? null, tags, sort, drafts, lang ?? null, sections];
	const day = [localToday(now), now.getTimezoneOffset()];
	// The blog as named too: the notes a list gives on stderr name it so.
	return JSON.stringify([version(), path.resolve(options.target), options.target, ...flags, day]);
}
