export type Post = {
	/** Path relative to the folder given, with `/` separators. */
	path: string;
	absolutePath: string;
	slug: string;
	title: string;
	/** Calendar date as written, `YYYY-MM-DD`, or null when the post has none. */
	date: string | null;
	/** When it was last changed (`lastmod`, `updated`, `updatedDate`), `YYYY-MM-DD` or null. */
	updated: string | null;
	tags: string[];
	categories: string[];
	author: string | null;
	excerpt: string | null;
	cover: string | null;
	lang: string | null;
	/** Every language the post is written in, when it has translations (`post.en.md`, `post.fr.md`); else empty. */
	languages: string[];
	draft: boolean;
	words: number;
	readingMinutes: number;
	/** True when the title was taken from the body's first `# heading`. */
	titleFromHeading: boolean;
	/** The Markdown body, front matter removed. */
	body: string;
	/** What was wrong with this post, e.g. broken front matter. */
	warnings: string[];
};

export type Blog = {
	/** The folder or file the user pointed at, as given. */
	root: string;
	posts: Post[];
	/** Posts hidden because they are drafts (shown with --drafts). */
	hiddenDrafts: number;
	/** The static site generator whose layout was recognised, and where its posts are ("Hugo: content/posts"). */
	layout?: string | null;
	/** The language versions of each translated post, by the path of any of them. */
	translations?: Map<string, Post[]>;
	/** What could not be read (folders, with why), shown so nothing is skipped silently. */
	problems?: string[];
};
