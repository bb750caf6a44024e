// Which Markdown files in a posts folder are not posts: section list pages,
// a site's own pages where its generator keeps them, and a repository's
// README and such at its top. Each rule is narrow, so a post is never lost
// to a name: `tags.md` in a Hexo `_posts` folder is a post.
import type {SkipReason} from '../model/model.js';
import {LANGUAGE_SUFFIX} from '../model/normalise.js';

/** Hugo and Zola section pages: they list a section's posts. */
const SECTION_PAGE = '_index';

/** Pages a site generator builds that are not posts, when they sit at the top of its content root. */
const SITE_PAGES = new Set([
	'404',
	'about',
	'archive',
	'archives',
	'categories',
	'colophon',
	'contact',
	'impressum',
	'imprint',
	'index',
	'now',
	'privacy',
	'privacy-policy',
	'search',
	'tags',
	'uses',
]);

/** What a repository keeps at its top for people working on it (GitHub's community files). */
const REPOSITORY_FILES = new Set(['readme', 'contributing', 'license', 'licence', 'changelog', 'code_of_conduct']);

/** The longest name above with a language after it (`.zh-hant`): a longer file name is a post's, known at a glance. */
const LONGEST_STEM = Math.max(...[SECTION_PAGE, ...SITE_PAGES, ...REPOSITORY_FILES].map(name => name.length)) + 8;

/**
 * Why a file is not a post, or null when it is one. `filePath` is relative to
 * the folder blogread was pointed at (`/`-separated); `pageFolders` are where
 * the site keeps its pages (layout.ts).
 */
export function skipReason(filePath: string, pageFolders: readonly string[]): SkipReason | null {
	const slash = filePath.lastIndexOf('/');
	const dot = filePath.lastIndexOf('.');
	const end = dot > slash + 1 ? dot : filePath.length;
	if (end - slash - 1 > LONGEST_STEM) return null;
	const folder = slash === -1 ? '' : filePath.slice(0, slash);
	// The name without its extension or language (`About.fr.md` → `about`), in lower case.
	let stem = filePath.slice(slash + 1, end).toLowerCase();
	if (stem.includes('.')) stem = stem.replace(LANGUAGE_SUFFIX, '$1');
	if (stem === SECTION_PAGE) return 'section page';
	if (folder === '' && REPOSITORY_FILES.has(stem)) return 'repository file';
	if (pageFolders.length === 0) return null;
	if (SITE_PAGES.has(stem) && pageFolders.includes(folder)) return 'site page';
	// A page kept as a bundle at the content root: `content/about/index.md`.
	if (stem === 'index' && folder !== '') {
		const parentSlash = folder.lastIndexOf('/');
		const parent = parentSlash === -1 ? '' : folder.slice(0, parentSlash);
		if (SITE_PAGES.has(folder.slice(parentSlash + 1).toLowerCase()) && pageFolders.includes(parent)) return 'site page';
	}

	return null;
}
