// The hostile posts of issue 48, written here: small posts that once froze the
// app's keys (and, served, every reader's), at the sizes they were measured at.
// scripts/bench/hostile.ts opens each in the app and over `blogread serve`.

export type HostilePost = {name: string; markdown: string};

const repeatTo = (unit: string, bytes: number) => unit.repeat(Math.max(1, Math.floor(bytes / unit.length)));

/** A Mermaid flowchart of `edges` edges: a chain, or `nodes` nodes joined by a fixed pattern. */
function mermaid(edges: number, nodes?: number): string {
	const lines = ['```mermaid', 'graph TD'];
	for (let edge = 0; edge < edges; edge++) {
		if (nodes === undefined) lines.push(`  N${edge} --> N${edge + 1}`);
		else lines.push(`  A${edge % nodes} --> A${(edge * 7 + 3) % nodes}`);
	}
	lines.push('```');
	return lines.join('\n');
}

/** `count` footnote references in one paragraph, then their definitions. */
function footnotes(count: number): string {
	const references = Array.from({length: count}, (_, index) => `x[^${index}]`).join(' ');
	const definitions = Array.from({length: count}, (_, index) => `[^${index}]: n`).join('\n');
	return `${references}\n\n${definitions}`;
}

export function hostilePosts(): HostilePost[] {
	return [
		{name: 'figure-600-spaces', markdown: `{{< figure${' '.repeat(600)}x`},
		{name: 'mermaid-chain-25', markdown: mermaid(25)},
		{name: 'list-markers-1500', markdown: '- '.repeat(1500)},
		{name: 'quote-list-1500', markdown: '> - '.repeat(1500)},
		{name: 'mermaid-dense-12k', markdown: mermaid(600, 40)},
		{name: 'footnotes-100k', markdown: footnotes(100_000)},
		{name: 'hugo-highlight-unclosed-60k', markdown: repeatTo('{{< highlight x >}}\n', 60 * 1024)},
		{name: 'maths-brackets-60k', markdown: repeatTo('\\[\n', 60 * 1024)},
		{name: 'maths-dollars-60k', markdown: repeatTo('$$ x\n', 60 * 1024)},
		{name: 'hugo-mermaid-unclosed-60k', markdown: repeatTo('{{< mermaid >}}\n', 60 * 1024)},
		{name: 'liquid-highlight-unclosed-60k', markdown: repeatTo('{% highlight ruby %}\n', 60 * 1024)},
		{name: 'liquid-codeblock-unclosed-64k', markdown: repeatTo('{% codeblock %}\n', 64 * 1024)},
		{
			name: 'footnote-references-60k',
			markdown: `${repeatTo('a[^1] ', 40 * 1024)}\n\n${repeatTo('[^1]: note [^1]\n', 20 * 1024)}`,
		},
	];
}

/** The post as a file: its name as title, an opening line the benchmark waits for, then the hostile body. */
export function postFile({name, markdown}: HostilePost, date: string): string {
	// An excerpt of its own: the list's details pane would otherwise show the opening line.
	return `---\ntitle: ${name}\ndate: ${date}\nexcerpt: hostile\n---\n\nOpening words of ${name}.\n\n${markdown}\n`;
}
