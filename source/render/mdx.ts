// MDX is Markdown with JavaScript: import/export lines and JSX components.
// blogread reads it as Markdown: the code lines go, and each component shows
// as a short placeholder, never as raw tags.

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const IMPORT_EXPORT = /^(?:import|export)\s/;
const SELF_CLOSING = /<([A-Z][\w.]*)(?:\s(?:[^<>{}]|\{[^{}]*\})*)?\/>/g;
const OPENING = /<([A-Z][\w.]*)(?:\s(?:[^<>{}]|\{[^{}]*\})*)?>/g;
const CLOSING = /<\/[A-Z][\w.]*\s*>/g;

/** MDX source → Markdown: code lines dropped, components as `[Name]`. */
export function mdxToMarkdown(source: string): string {
	let fence: string | undefined;
	const lines: string[] = [];
	for (const line of source.split('\n')) {
		const opening = FENCE.exec(line)?.[1];
		if (fence !== undefined) {
			if (opening !== undefined && opening[0] === fence[0] && opening.length >= fence.length) fence = undefined;
			lines.push(line);
			continue;
		}

		if (opening) {
			fence = opening;
			lines.push(line);
			continue;
		}

		if (IMPORT_EXPORT.test(line)) continue;
		lines.push(line.replace(SELF_CLOSING, '[$1]').replace(OPENING, '[$1] ').replace(CLOSING, ''));
	}

	return lines.join('\n');
}
