export type Post = {
	/** Path relative to the folder given, with `/` separators. */
	path: string;
	absolutePath: string;
	slug: string;
	title: string;
	/** Calendar date as written, `YYYY-MM-DD`, or null when the post has none. */
	date: string | null;
	tags: string[];
	categories: string[];
	author: string | null;
	excerpt: string | null;
	cover: string | null;
	lang: string | null;
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
};
