// A post as plain text, made on the service's own thread when no renderer
// could give it (none started, one ran out of memory or never answered): a
// slice a turn, so keys are answered while a long post is wrapped.
import stripAnsi from 'strip-ansi';
import {readBody} from '../../blog/load/body.js';
import type {Post} from '../../blog/model/model.js';
import {plainPageInSlices} from '../plain-page.js';
import {type PageOptions, printedLines, withHeader} from '../post-header.js';
import type {PageWithPlain, Printed} from './protocol.js';

/** The reader's page of `post` as plain text, `reason` said above it. */
export async function plainReaderPage(post: Post, options: PageOptions, reason: string): Promise<PageWithPlain> {
	const {markdown, problem} = readBody(post);
	const shown = problem === null ? post : {...post, warnings: [...post.warnings, problem]};
	const body = await plainPageInSlices(markdown, options.width, reason);
	const page = withHeader(shown, body, options);
	// Only the header has styles: the body's lines are plain text already.
	const header = page.lines.length - body.lines.length;
	const plain = page.lines.slice(0, header).map(line => stripAnsi(line));
	return {...page, plain: plain.concat(body.lines)};
}

/** `post` printed as plain text, `reason` said above it, as `--print` prints a post past its budget. */
export async function plainPrinted(
	post: Post,
	options: PageOptions,
	reason: string,
	lineEnd: '\n' | '\r\n',
): Promise<Printed> {
	const {markdown, problem} = readBody(post);
	if (problem !== null) return {unreadable: problem};
	const body = await plainPageInSlices(markdown, options.width, reason);
	const text = `${printedLines(post, body, options)
		.map(line => line.trimEnd())
		.join(lineEnd)}${lineEnd}`;
	return {bytes: new TextEncoder().encode(text)};
}
