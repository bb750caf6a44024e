// What a Hugo site's configuration says about where its posts are. A large
// Hugo site keeps docs, events and a search page beside its blog, and each
// language in a content folder of its own (`content/en/blog`, `content/ja/blog`):
// listing every page would list each post once per language, and pages that
// are not posts. Hugo names the sections that hold the main content in
// `mainSections` (or `params.mainSections`), and each language's folder in its
// `contentDir`; without them, the section with the most dated pages is the blog.
import {readdirSync} from 'node:fs';
import path from 'node:path';
import {parseConfig} from './front-matter.js';

type Format = 'toml' | 'yaml' | 'json';
const FORMATS: Array<[extension: string, format: Format]> = [
	['toml', 'toml'],
	['yaml', 'yaml'],
	['yml', 'yaml'],
	['json', 'json'],
];

export type HugoConfig = {
	/** The default language (`defaultContentLanguage`, else `en`). */
	defaultLanguage: string;
	/** Each language's content folder, relative to the root, when the languages have their own. */
	contentDirs: Map<string, string>;
	/** `mainSections` or `params.mainSections`, when the site names them. */
	mainSections: string[] | undefined;
	/** The site's `params`, which the `param` shortcode reads after the page's own. */
	params: Record<string, unknown>;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const texts = (value: unknown): string[] | undefined =>
	Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;

/** A relative folder inside the site, `/`-separated, or undefined for one that leaves it. */
function insideFolder(folder: string): string | undefined {
	const normal = path.posix.normalize(folder.replace(/\\/g, '/')).replace(/^\.\/|\/$/g, '');
	return normal === '' || normal === '.' || normal.startsWith('..') || path.posix.isAbsolute(normal)
		? undefined
		: normal;
}

/**
 * Hugo's settings, merged as Hugo reads them: the site's config file at the root
 * (`hugo.*`, else `config.*`), then `config/_default/` (its `hugo.*` or
 * `config.*`, `languages.*`, `params.*`). `read` gives a file's text ('' when missing).
 */
export function readHugoConfig(read: (relative: string) => string): HugoConfig {
	const settings: Record<string, unknown> = {};
	const merge = (data: Record<string, unknown> | undefined, under?: string) => {
		if (!data) return;
		if (under === undefined) Object.assign(settings, data);
		else settings[under] = {...(isRecord(settings[under]) ? settings[under] : {}), ...data};
	};

	const first = (names: string[]) => {
		for (const name of names)
			for (const [extension, format] of FORMATS) {
				const found = read(`${name}.${extension}`);
				if (found !== '') return parseConfig(found, format);
			}

		return undefined;
	};

	merge(first(['hugo', 'config']));
	merge(first(['config/_default/hugo', 'config/_default/config']));
	merge(first(['config/_default/languages']), 'languages');
	merge(first(['config/_default/params']), 'params');

	const keys = new Map(Object.keys(settings).map(key => [key.toLowerCase(), key]));
	const get = (name: string) => settings[keys.get(name.toLowerCase()) ?? name];
	const defaultLanguage = (text(get('defaultContentLanguage')) ?? 'en').toLowerCase();
	const contentDirs = new Map<string, string>();
	const languages = get('languages');
	if (isRecord(languages)) {
		for (const [language, options] of Object.entries(languages)) {
			const folder = isRecord(options) ? text(options['contentDir'] ?? options['contentdir']) : undefined;
			const inside = folder === undefined ? undefined : insideFolder(folder);
			if (inside !== undefined) contentDirs.set(language.toLowerCase(), inside);
		}
	}

	const params = get('params');
	const mainSections = texts(get('mainSections')) ?? (isRecord(params) ? texts(params['mainSections']) : undefined);
	return {
		defaultLanguage,
		contentDirs,
		mainSections: mainSections?.length ? mainSections : undefined,
		params: isRecord(params) ? params : {},
	};
}

/** A page's front matter gives a date: a line `date:`/`date =` (or Hugo's other date keys) near its top. */
const DATED = /^(?:date|publishDate|pubDate)\s*[:=]\s*\S/im;

/**
 * The section of `contentDir` (relative to `root`) that holds most of its
 * dated pages, more than half of them, looked for in the first 2 KB of each
 * Markdown file of each section's top three levels; undefined when none does
 * (posts kept at the content root, or in a folder a year).
 */
export function busiestSection(
	root: string,
	contentDir: string,
	readHead: (file: string) => string,
): string | undefined {
	let best: {name: string; count: number} | undefined;
	let total = countDated(root, contentDir, readHead, 1);
	let sections: string[];
	try {
		sections = readdirSync(path.join(root, contentDir), {withFileTypes: true})
			.filter(entry => entry.isDirectory() && !entry.name.startsWith('.') && !entry.name.startsWith('_'))
			.map(entry => entry.name);
	} catch {
		return undefined;
	}

	for (const name of sections.sort()) {
		const count = countDated(root, `${contentDir}/${name}`, readHead, 3);
		total += count;
		if (count > 0 && (!best || count > best.count)) best = {name, count};
	}

	return best && best.count * 2 > total ? best.name : undefined;
}

function countDated(root: string, folder: string, readHead: (file: string) => string, depth: number): number {
	let count = 0;
	try {
		for (const entry of readdirSync(path.join(root, folder), {withFileTypes: true})) {
			if (entry.name.startsWith('.')) continue;
			const relative = `${folder}/${entry.name}`;
			if (entry.isDirectory() && depth > 1) count += countDated(root, relative, readHead, depth - 1);
			else if (entry.isFile() && /\.(?:md|markdown)$/i.test(entry.name) && !/^_index\./i.test(entry.name))
				count += DATED.test(readHead(relative)) ? 1 : 0;
		}
	} catch {
		// An unreadable folder has no dated pages.
	}

	return count;
}
