import {existsSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import {trimRuns} from '../model/trim.js';
import {busiestSection, readHugoConfig} from './hugo-config.js';
import {readSmallFile} from './read-file.js';
import {hasSettingLine} from './setting-line.js';

/**
 * How a generator reads tags or categories written as one string instead of a
 * list: Jekyll splits them at spaces (and blogread at commas too); Hugo, Zola,
 * Hexo, Eleventy, Astro and Gatsby take the string as one term; a plain folder
 * splits at commas (`go, rust`) and takes a string without one as one term.
 */
export type TermStrings = 'words' | 'whole' | 'commas';

/** Where a static site generator keeps its posts, found by its conventions. */
export type SiteLayout = {
	/** The generator, for the status line; null for a plain folder of Markdown. */
	name: string | null;
	/** Folders of posts, relative to the root, `/`-separated ('' is the root itself). */
	folders: string[];
	/** Folders whose posts are drafts (Jekyll `_drafts`, Hexo `source/_drafts`). */
	draftFolders: string[];
	/** A site-wide excerpt separator (Jekyll's `excerpt_separator`). */
	excerptSeparator: string | null;
	/**
	 * Where the generator keeps site pages (About, Tags, 404), relative to the
	 * root: a page named so at the top of one of these is not a post. A posts
	 * folder is never one, unless it is the content root itself (Hugo's `content`).
	 */
	pageFolders: string[];
	/** How a tags or categories string is read. */
	termStrings: TermStrings;
	/**
	 * Folders of the same posts in other languages (Hugo's `contentDir` per
	 * language): `of` is the folder of the default language they mirror.
	 */
	translations?: Array<{lang: string; folder: string; of: string}>;
	/** The language of the posts folders, when `translations` hold others. */
	language?: string;
	/** How the posts folders were chosen, when it was a guess ("the section with the most dated pages"). */
	note?: string;
};

/** Sections the user named (`--section`, the config's `section`), for a site whose posts are elsewhere. */
export type LayoutChoice = {sections?: readonly string[]};

const plainFolder: SiteLayout = {
	name: null,
	folders: [''],
	draftFolders: [],
	excerptSeparator: null,
	pageFolders: [],
	termStrings: 'commas',
};

function isFolder(root: string, relative: string): boolean {
	try {
		return statSync(path.join(root, relative)).isDirectory();
	} catch {
		return false;
	}
}

function firstFolder(root: string, candidates: string[], fallback: string): string {
	return candidates.find(candidate => isFolder(root, candidate)) ?? fallback;
}

type Candidate = {
	name: string;
	matches: (root: string) => boolean;
	layout: (root: string, choice: LayoutChoice) => Omit<SiteLayout, 'name'>;
};

const any = (root: string, files: string[]) => files.some(file => existsSync(path.join(root, file)));

/** Whether package.json names `name` among its dependencies or devDependencies. */
function dependsOn(root: string, name: string): boolean {
	let manifest: unknown;
	try {
		manifest = JSON.parse(readSmallFile(root, 'package.json'));
	} catch {
		return false;
	}

	if (typeof manifest !== 'object' || manifest === null) return false;
	return ['dependencies', 'devDependencies'].some(key => {
		const list: unknown = (manifest as Record<string, unknown>)[key];
		return typeof list === 'object' && list !== null && Object.hasOwn(list, name);
	});
}

/**
 * Jekyll's excerpt separator: the value of `_config.yml`'s `excerpt_separator:` line, its quotes taken off.
 * Read from the line, not by one pattern with `\s*$` after a lazy value: on a long run of spaces that
 * pattern retried from every space (40,000 spaces took 4 s; the file may be 256 KB).
 */
function jekyllSeparator(config: string): string | null {
	const value =
		/^excerpt_separator:(.*)$/m
			.exec(config)?.[1]
			?.trim()
			.replace(/^["']|["']$/g, '') ?? '';
	return value === '' ? null : value;
}

const ELEVENTY_CONFIGS = [
	'.eleventy.js',
	'.eleventy.cjs',
	'eleventy.config.js',
	'eleventy.config.cjs',
	'eleventy.config.mjs',
	'eleventy.config.ts',
];

/** Where Eleventy starters and blogs keep posts (Eleventy has no fixed place): the first that exists. */
const ELEVENTY_POSTS = [
	'src/content/blog',
	'src/content/posts',
	'src/posts',
	'src/blog',
	'content/blog',
	'content/posts',
	'posts',
	'blog',
];

// Each generator's documented content layout; the first folder that exists wins.
const candidates: Candidate[] = [
	{
		name: 'Hugo',
		matches: root =>
			isFolder(root, 'content') &&
			(any(root, ['hugo.toml', 'hugo.yaml', 'hugo.yml', 'hugo.json']) ||
				hasSettingLine(readSmallFile(root, 'config.toml'), 'baseURL', true) ||
				any(root, ['config.yaml', 'config/_default'])),
		layout: (root, choice) => hugoLayout(root, choice),
	},
	{
		name: 'Zola',
		matches: root => isFolder(root, 'content') && hasSettingLine(readSmallFile(root, 'config.toml'), 'base_url'),
		layout: root => ({
			folders: [firstFolder(root, ['content/blog', 'content/posts'], 'content')],
			draftFolders: [],
			excerptSeparator: null,
			pageFolders: ['content'],
			termStrings: 'whole',
		}),
	},
	{
		name: 'Hexo',
		matches: root => isFolder(root, 'source/_posts'),
		layout: () => ({
			folders: ['source/_posts'],
			draftFolders: ['source/_drafts'],
			excerptSeparator: null,
			pageFolders: ['source'],
			termStrings: 'whole',
		}),
	},
	{
		name: 'Jekyll',
		matches: root => isFolder(root, '_posts'),
		layout: root => {
			return {
				folders: ['_posts'],
				draftFolders: ['_drafts'],
				excerptSeparator: jekyllSeparator(readSmallFile(root, '_config.yml')),
				pageFolders: [''],
				termStrings: 'words',
			};
		},
	},
	{
		name: 'Astro',
		// Eleventy sites keep posts in src/content too: Astro is known by its config or its package.
		matches: root =>
			isFolder(root, 'src/content') &&
			(any(root, ['astro.config.mjs', 'astro.config.ts', 'astro.config.js', 'astro.config.mts']) ||
				dependsOn(root, 'astro')),
		layout: root => {
			// Every content collection holds posts; the blog collection comes first.
			const collections = readdirSync(path.join(root, 'src/content'), {withFileTypes: true})
				.filter(entry => entry.isDirectory() && !entry.name.startsWith('.'))
				.map(entry => `src/content/${entry.name}`)
				.sort((a, b) => Number(b.endsWith('/blog')) - Number(a.endsWith('/blog')) || a.localeCompare(b));
			return {
				folders: collections.length > 0 ? collections : ['src/content'],
				draftFolders: [],
				excerptSeparator: null,
				// Astro's pages live in src/pages, which is not read.
				pageFolders: [],
				termStrings: 'whole',
			};
		},
	},
	{
		name: 'Gatsby',
		matches: root =>
			any(root, ['gatsby-config.js', 'gatsby-config.ts', 'gatsby-config.mjs']) && isFolder(root, 'content/blog'),
		layout: () => ({
			folders: ['content/blog'],
			draftFolders: [],
			excerptSeparator: null,
			pageFolders: [],
			termStrings: 'whole',
		}),
	},
	{
		name: 'Eleventy',
		matches: root => any(root, ELEVENTY_CONFIGS) || dependsOn(root, '@11ty/eleventy'),
		layout: root => ({
			folders: [firstFolder(root, ELEVENTY_POSTS, '')],
			draftFolders: [],
			excerptSeparator: null,
			// Pages sit at the top of Eleventy's input folder: the root, or the usual `src` or `content`.
			pageFolders: ['', 'src', 'content'],
			termStrings: 'whole',
		}),
	},
];

/** Where a section named by the user is: in the site's content root (Hugo, Zola), else in the folder given. */
function chosenSections(layout: Omit<SiteLayout, 'name'>, choice: LayoutChoice): Omit<SiteLayout, 'name'> {
	const sections = (choice.sections ?? []).map(section => trimRuns(section, '/')).filter(Boolean);
	if (sections.length === 0) return layout;
	const base = layout.pageFolders[0] ?? '';
	return {...layout, folders: sections.map(section => (base === '' ? section : `${base}/${section}`))};
}

/**
 * Hugo: the default language's content folder, and in it the sections the
 * config names (`mainSections`), else `posts`, `post` or `blog`, else the
 * section with the most dated pages; the same sections of the other languages
 * hold the posts' translations.
 */
function hugoLayout(root: string, choice: LayoutChoice): Omit<SiteLayout, 'name'> {
	const config = readHugoConfig(relative => readSmallFile(root, relative));
	const content = config.contentDirs.get(config.defaultLanguage) ?? 'content';
	const named = (choice.sections?.length ?? 0) > 0 ? choice.sections : config.mainSections;
	// Each name once: a config may repeat one thousands of times, and each is a look at the disk.
	let sections = [...new Set(named)].filter(section => isFolder(root, `${content}/${section}`));
	let note: string | undefined;
	if (sections.length === 0) {
		const usual = ['posts', 'post', 'blog'].find(section => isFolder(root, `${content}/${section}`));
		const busiest = usual ?? busiestSection(root, content, file => readSmallFile(root, file).slice(0, 2048));
		if (busiest !== undefined) sections = [busiest];
		if (usual === undefined && busiest !== undefined) note = 'the section with the most dated pages';
	}

	const folders = sections.length > 0 ? sections.map(section => `${content}/${section}`) : [content];
	const translations = [...config.contentDirs]
		.filter(([lang]) => lang !== config.defaultLanguage)
		.flatMap(([lang, folder]) =>
			folders
				.map(of => ({lang, folder: `${folder}${of.slice(content.length)}`, of}))
				.filter(mirror => isFolder(root, mirror.folder)),
		);
	return {
		folders,
		draftFolders: [],
		excerptSeparator: null,
		pageFolders: [content],
		termStrings: 'whole',
		...(translations.length > 0 ? {translations, language: config.defaultLanguage} : {}),
		...(note === undefined ? {} : {note}),
	};
}

/**
 * The generator a repository root belongs to, and where its posts are. When
 * none, or more than one, match, the whole folder is read as plain Markdown.
 */
export function detectLayout(root: string, choice: LayoutChoice = {}): SiteLayout {
	const matching = candidates.filter(candidate => {
		try {
			return candidate.matches(root);
		} catch {
			return false;
		}
	});
	if (matching.length !== 1) return {name: null, ...chosenSections(plainFolder, choice)};
	const [found] = matching;
	if (!found) return plainFolder;
	try {
		// Hugo reads the sections named in its own content folder (hugoLayout); the others here.
		const layout = found.layout(root, choice);
		return {name: found.name, ...(found.name === 'Hugo' ? layout : chosenSections(layout, choice))};
	} catch {
		return plainFolder;
	}
}
