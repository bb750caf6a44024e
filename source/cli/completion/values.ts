// What `--tag <TAB>` and `--print <TAB>` offer: the tags and slugs of the blog
// the command line being typed names, from the names kept beside its index
// (blog-names.ts; the blog is read only when there are none yet, which keeps them). A value is printed only if it
// is safe to show and to insert: nothing with a control character, a line
// break or a tab, since the shell shows and inserts it as it is.
import {realpathSync} from 'node:fs';
import {blogNames} from '../../blog/load/blog-names.js';
import {readBlogNames} from '../../blog/load/index-cache.js';
import {type LoadOptions, loadBlog, loadIndexedBlog} from '../../blog/load/load.js';
import {hasControls} from '../../text/sanitize.js';
import {loadConfig} from '../config.js';
import {flags} from '../flags.js';
import {defaultTarget} from '../options.js';

export type ValueKind = 'tags' | 'posts';

/** What a command line being typed says about the blog: its path, its sections, whether drafts count. */
export type TypedBlog = {path: string | undefined; sections: string[]; drafts: boolean};

const valueFlags = new Set(
	Object.entries(flags).flatMap(([name, spec]) =>
		spec.kind === 'boolean' ? [] : [`--${name}`, ...('short' in spec ? [`-${spec.short}`] : [])],
	),
);

/** The blog the words typed so far name (the word being completed is not among them), as blogread takes them. */
export function typedBlog(words: readonly string[]): TypedBlog {
	const typed: TypedBlog = {path: undefined, sections: [], drafts: false};
	for (let index = 0; index < words.length; index++) {
		const word = words[index] ?? '';
		if (word === '--') {
			typed.path ??= words[index + 1];
			break;
		}

		if (valueFlags.has(word)) {
			const value = words[++index];
			if (word === '--section' && value !== undefined) typed.sections.push(value);
		} else if (word.startsWith('--section=')) typed.sections.push(word.slice('--section='.length));
		else if (word === '--drafts') typed.drafts = true;
		else if (!word.startsWith('-') || word === '-') typed.path ??= word;
	}

	return typed;
}

/** The values to offer for `kind` that start with `prefix` (case aside), in the order a reader wants them. */
export async function completionValues(
	kind: ValueKind,
	prefix: string,
	words: readonly string[],
	env: NodeJS.ProcessEnv,
): Promise<string[]> {
	const typed = typedBlog(words);
	const {config} = loadConfig(env);
	const sections = typed.sections.length > 0 ? typed.sections : (config.section ?? []);
	const options: LoadOptions = {
		drafts: typed.drafts || (config.drafts ?? false),
		env,
		warn: () => {},
		...(sections.length > 0 ? {sections} : {}),
	};
	const target = typed.path ?? defaultTarget(env, config);
	// The names the last reading kept (drafts left out), else the blog read now, which keeps them for next time.
	const kept = options.drafts ? undefined : readBlogNames(realpathSync(target), env);
	const blog = kept ? undefined : (loadIndexedBlog(target, options)?.blog ?? (await loadBlog(target, options)));
	const names = kept ?? blogNames(blog?.posts ?? [], options.drafts);
	const values = kind === 'tags' ? names.tags : names.slugs;
	const wanted = prefix.toLowerCase();
	return values.filter(value => !hasControls(value) && value !== '' && value.toLowerCase().startsWith(wanted));
}
