// Where a picture a post names is, resolved as the post's generator would: a
// relative path from the post (a Hugo page bundle, a Hexo asset folder named
// after the post), a site-root path (`/images/x.png`) through the static folder
// of whichever generator keeps it (Hugo static/ and assets/, Hexo source/,
// Astro, Eleventy and Gatsby public/ or static/, Jekyll the site root). Only a
// file inside the blog is ever looked at; an address elsewhere is not fetched.
import {statSync} from 'node:fs';
import path from 'node:path';
import {isInside} from '../blog/load/discover.js';

export type PictureSource = {file: string} | {remote: true} | {problem: string};

/** Where generators keep what a site serves from its root, under the site's folder. */
const STATIC_FOLDERS = ['static', 'assets', 'public', 'source', ''];

function isFile(file: string): boolean {
	try {
		return statSync(file).isFile();
	} catch {
		return false;
	}
}

/** The path an address names, without its query and fragment, undone from URL escapes. */
function addressPath(href: string): string {
	const bare = href.replace(/[?#].*$/s, '');
	try {
		return decodeURIComponent(bare);
	} catch {
		return bare;
	}
}

/** The files `href` may be, nearest first. */
function candidates(href: string, postFile: string, folder: string): string[] {
	const postFolder = path.dirname(postFile);
	if (!href.startsWith('/')) {
		const beside = path.join(postFolder, href);
		// An address that leaves the post's folder means just that: no asset folder is tried for it.
		if (!isInside(postFolder, beside)) return [beside];
		const assets = path.join(postFolder, path.basename(postFile).replace(/\.[^.]*$/, ''));
		return [beside, path.join(assets, href)];
	}

	// A site serves `/a/../b` as `/b`: the address is settled from the site's root before it is looked for.
	const served = path.posix.resolve('/', href);
	const found: string[] = [];
	for (let site = postFolder; isInside(folder, site); site = path.dirname(site)) {
		for (const folder of STATIC_FOLDERS) found.push(path.join(site, folder, served));
		if (site === folder || site === path.dirname(site)) break;
	}
	return found;
}

/** The file a post's picture address names (`folder`: the blog's), or why none is read. */
export function pictureSource(href: string, post: {absolutePath: string; folder: string}): PictureSource {
	const address = href.trim();
	if (/^(?:https?:)?\/\//i.test(address)) return {remote: true};
	if (/^[a-z][a-z0-9+.-]*:/i.test(address)) return {problem: 'not a file'};
	const wanted = addressPath(address);
	if (wanted === '' || wanted.includes('\0')) return {problem: 'not a file'};
	const inside = candidates(wanted, post.absolutePath, post.folder).filter(file => isInside(post.folder, file));
	if (inside.length === 0) return {problem: 'outside the blog'};
	const file = inside.find(isFile);
	return file ? {file} : {problem: 'not found'};
}
