// Which of a Zola site's pages are not posts. A large Zola blog keeps posts in
// sections of its content folder beside sections of other pages (releases,
// an archive, a feed page), and only its configuration tells them apart:
// - a section whose `_index.md` says `render = false` is not built as pages
//   of the site, so neither are its pages' posts;
// - a page that names a `template` other than the posts' is a page of its own;
// - outside the section with the most dated pages (the posts'), a page with
//   neither a title nor a date is a page (`content/releases/latest.md`).
import path from 'node:path';
import type {Post, SkippedFile} from '../model/model.js';
import {parseFrontMatter} from './front-matter.js';
import {readPostText} from './read-file.js';

/** What a section's `_index.md` says about its pages. */
type Section = {rendered: boolean; pageTemplate: string | null};

/** The template Zola gives a page that names none, when its section names none either. */
const DEFAULT_TEMPLATE = 'page.html';

/** A section's settings, from its `_index.md` (read inside the blog only); none when it has no such file. */
function readSection(root: string, folder: string): Section | undefined {
	try {
		const file = path.join(root, folder, '_index.md');
		const {data} = parseFrontMatter(readPostText(file, root).text);
		const template = data['page_template'];
		return {rendered: data['render'] !== false, pageTemplate: typeof template === 'string' ? template : null};
	} catch {
		return undefined;
	}
}

/**
 * The posts of a Zola site, and its pages that are not posts, with why.
 * `root`: the blog's real folder; `contentFolder`: where sections start
 * (`content`, relative to it). Sections are read once each.
 */
export function zolaPages(posts: Post[], root: string, contentFolder: string): {posts: Post[]; pages: SkippedFile[]} {
	const sections = new Map<string, Section | undefined>();
	const section = (folder: string) => {
		if (!sections.has(folder)) sections.set(folder, readSection(root, folder));
		return sections.get(folder);
	};

	/** The folder of the nearest section a post is in: the first folder up with an `_index.md`. */
	const sectionOf = (post: Post): string => {
		let folder = path.posix.dirname(post.path);
		while (folder !== '.' && folder !== contentFolder && section(folder) === undefined) {
			folder = path.posix.dirname(folder);
		}

		return folder === '.' ? contentFolder : folder;
	};

	const bySection = new Map<Post, string>(posts.map(post => [post, sectionOf(post)]));
	const dated = new Map<string, number>();
	for (const [post, folder] of bySection) if (post.date !== null) dated.set(folder, (dated.get(folder) ?? 0) + 1);
	let main = contentFolder;
	for (const [folder, count] of dated) if (count > (dated.get(main) ?? 0)) main = folder;
	const postsTemplate = section(main)?.pageTemplate ?? DEFAULT_TEMPLATE;

	const kept: Post[] = [];
	const pages: SkippedFile[] = [];
	for (const [post, folder] of bySection) {
		if (section(folder)?.rendered === false) pages.push({path: post.path, reason: 'hidden section'});
		else if (post.template !== null && post.template !== postsTemplate)
			pages.push({path: post.path, reason: 'page template'});
		else if (folder !== main && post.titleFromFile && post.date === null)
			pages.push({path: post.path, reason: 'untitled page'});
		else kept.push(post);
	}

	return {posts: kept, pages};
}
