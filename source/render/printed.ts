import type {Post} from '../blog/model/model.js';
import {errorMessage} from '../util/errors.js';
import {plainPage} from './plain-page.js';
import {type PageOptions, printedLines} from './post-header.js';
import type {renderPrintedLines} from './post-page.js';
import {runWithin} from './watchdog.js';

/**
 * A post as the text `--print` writes: rendered within `budgetMs` (kept by V8's
 * watchdog, which stops the render wherever it is), else as plain text with a
 * notice. `render` is the renderer, loaded by the caller when it needs it.
 */
export function printedText(
	post: Post,
	markdown: string,
	options: PageOptions,
	budgetMs: number,
	render: typeof renderPrintedLines,
): string {
	let lines: string[];
	try {
		lines = runWithin(() => render(post, markdown, options), budgetMs);
	} catch (error) {
		lines = printedLines(post, plainPage(markdown, options.width, errorMessage(error)), options);
	}

	return `${lines.map(line => line.trimEnd()).join('\n')}\n`;
}
