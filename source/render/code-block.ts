import {highlight, supportsLanguage} from 'cli-highlight';
import {breakCodeLine} from '../text/break-code.js';
import {showControls} from '../text/sanitize.js';
import {displayWidth, wrapStyled} from '../text/width.js';
import type {Theme} from '../theme/palette.js';
import {appendAll} from '../util/arrays.js';

/** Blocks larger than this are shown plain: highlighting them would stall the reader. */
export const MAX_HIGHLIGHT_CHARS = 64 * 1024;
const TAB_STOP = 4;

const PLAIN_LANGUAGES = new Set(['', 'text', 'txt', 'plain', 'plaintext', 'none', 'nohighlight', 'output']);
// highlight.js knows most aliases (js, ts, tsx, yml, golang, …) itself; blog
// authors mean a script by ```shell, where highlight.js expects a prompt session.
const ALIASES: Record<string, string> = {shell: 'bash'};

/**
 * `yml {linenos=true}`, `go title="main.go"`, `ts twoslash` → the language's first word; R Markdown
 * and Quarto chunks (`{r name, echo=FALSE}`) and Pandoc attributes (`{.python}`) name it in braces.
 */
export function fenceLanguage(info: string | undefined): string {
	const word =
		(info ?? '')
			.trim()
			.replace(/^\{\s*/, '')
			.split(/[\s{},]/)[0] ?? '';
	return word.replace(/^\./, '').toLowerCase();
}

export function expandTabs(line: string): string {
	let column = 0;
	let out = '';
	for (const char of line) {
		if (char === '\t') {
			const spaces = TAB_STOP - (column % TAB_STOP);
			out += ' '.repeat(spaces);
			column += spaces;
		} else {
			out += char;
			column++;
		}
	}

	return out;
}

function highlighted(code: string, language: string, theme: Theme): string {
	if (theme.level === 0 || PLAIN_LANGUAGES.has(language) || code.length > MAX_HIGHLIGHT_CHARS) return code;
	const name = ALIASES[language] ?? language;
	if (!supportsLanguage(name)) return code;
	try {
		// A language is always named, so highlight.js never auto-detects.
		return highlight(code, {language: name, ignoreIllegals: true, theme: theme.highlight});
	} catch {
		return code;
	}
}

/** Liquid's `{% raw %}` and `{% endraw %}`, which keep a Jekyll page's code from being read as a template. */
const RAW_MARKER = /\{%-?\s*(?:end)?raw\s*-?%\}/;
const RAW_MARKERS = new RegExp(RAW_MARKER.source, 'g');

/** Code without Liquid's raw markers: a line that held only a marker goes with it. */
export function withoutRawMarkers(code: string): string {
	if (!code.includes('raw')) return code;
	return code
		.split('\n')
		.filter(line => !(RAW_MARKER.test(line) && line.replace(RAW_MARKERS, '').trim() === ''))
		.map(line => line.replace(RAW_MARKERS, ''))
		.join('\n');
}

/**
 * A fenced code block as framed lines no wider than `width`: a label line with
 * the language and the caption a template tag gave it (already plain text), a
 * gutter on every line, long lines broken with a ↪ marker.
 */
export function renderCodeBlock(
	code: string,
	info: string | undefined,
	width: number,
	theme: Theme,
	caption?: string,
): string[] {
	const language = fenceLanguage(info);
	const source = showControls(withoutRawMarkers(code).split('\n').map(expandTabs).join('\n'));
	const codeWidth = Math.max(1, width - 2);
	const {glyphs} = theme;
	const body: string[] = [];
	for (const line of highlighted(source, language, theme).split('\n')) {
		// Most lines fit: measured, they are kept whole without being taken apart into characters
		// (a third of rendering posts full of code).
		if (displayWidth(line) <= codeWidth) {
			body.push(theme.codeFrame(glyphs.codeGutter) + line);
			continue;
		}

		breakCodeLine(line, codeWidth).forEach((part, index) => {
			body.push(theme.codeFrame(index === 0 ? glyphs.codeGutter : glyphs.codeContinued) + part);
		});
	}

	return framed([language, caption ?? ''], body, width, theme);
}

/** Lines that fit the gutter's page (`width` less two) in a code block's frame, under a label of `parts`. */
export function framedLines(parts: string[], lines: string[], width: number, theme: Theme): string[] {
	return framed(
		parts,
		lines.map(line => theme.codeFrame(theme.glyphs.codeGutter) + line),
		width,
		theme,
	);
}

function framed(parts: string[], body: string[], width: number, theme: Theme): string[] {
	const {glyphs} = theme;
	const label = parts.filter(part => part !== '').join(` ${glyphs.separator} `);
	// A long label wraps (a caption and its link are all kept), under its first line.
	const lines =
		label === ''
			? [theme.codeFrame(glyphs.codeTop)]
			: wrapStyled(label, Math.max(1, width - 3)).map((part, index) =>
					theme.codeFrame(`${index === 0 ? `${glyphs.codeTop} ` : '   '}${part}`),
				);
	appendAll(lines, body);
	lines.push(theme.codeFrame(glyphs.codeBottom));
	return lines;
}
