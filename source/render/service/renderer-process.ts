// A renderer: a process of its own that the render service (render-service.ts)
// keeps ready and sends posts to, one at a time. Everything a post can make
// slow or large happens here, never on the thread that answers keys: its body
// is read and rendered under the job's budget (V8's watchdog stops the render
// wherever it is, and the post is given as plain text), under the heap limit
// the service started it with (past it, V8 ends this process, and only it).
import stripAnsi from 'strip-ansi';
import {readBody} from '../../blog/load/body.js';
import type {Post} from '../../blog/model/model.js';
import {createTheme} from '../../theme/palette.js';
import {errorMessage} from '../../util/errors.js';
import {markdownHead} from '../head.js';
import type {RenderedMarkdown} from '../markdown.js';
import {plainPage} from '../plain-page.js';
import {type PageOptions, withHeader} from '../post-header.js';
import {renderPostPage, renderPrintedLines, renderPrintedPage, warmUpStep} from '../post-page.js';
import {printedText, printedWithPictures} from '../printed.js';
import {OverBudget, overBudget, runWithin} from '../watchdog.js';
import {HEAD_FIRST_CHARS} from './limits.js';
import {type FromRenderer, type Job, type PageSpec, pageMessages, type ToRenderer, type WirePage} from './protocol.js';

const send = (message: FromRenderer) => process.send?.(message);

function pageOptions(spec: PageSpec): PageOptions {
	const {theme, ...rest} = spec;
	return {...rest, theme: createTheme(theme.level, theme.name, theme.options)};
}

/** The post with the reason its file could not be read among its warnings. */
function shownPost(post: Post, problem: string | null): Post {
	return problem === null ? post : {...post, warnings: [...post.warnings, problem]};
}

/** Sends a page as `message` says, its lines in pieces ahead of it when it is long (pageMessages). */
function sendPage(id: number, page: RenderedMarkdown, message: (wire: WirePage) => FromRenderer): void {
	const {pieces, last} = pageMessages(
		page,
		page.lines.map(line => stripAnsi(line)),
	);
	for (const piece of pieces) send({id, piece});
	send(message(last));
}

/**
 * Renders `render` within what is left of the budget; past it, or if it throws (a stack too deep),
 * the body as plain text with the reason, and this process retires: a render stopped part way may
 * have left marked's or highlight.js's state half changed.
 */
function within(
	render: () => RenderedMarkdown,
	{deadline, budgetMs}: {deadline: number; budgetMs: number},
	fallback: (reason: string) => RenderedMarkdown,
): {page: RenderedMarkdown; retire: boolean} {
	try {
		return {page: runWithin(render, Math.max(1, Math.floor(deadline - performance.now()))), retire: false};
	} catch (error) {
		// The budget said is the job's, not what was left of it for this part.
		return {page: fallback(errorMessage(error instanceof OverBudget ? overBudget(budgetMs) : error)), retire: true};
	}
}

function renderPage(id: number, post: Post, spec: PageSpec, budgetMs: number): void {
	const budget = {deadline: performance.now() + budgetMs, budgetMs};
	const options = pageOptions(spec);
	const {markdown, problem} = readBody(post);
	const shown = shownPost(post, problem);
	const plain = (reason: string) => withHeader(shown, plainPage(markdown, spec.width, reason), options);
	const head = markdown.length > HEAD_FIRST_CHARS ? markdownHead(markdown) : undefined;
	if (head !== undefined) {
		const first = within(() => renderPostPage(shown, head, options), budget, plain);
		if (first.retire) {
			sendPage(id, first.page, wire => ({id, page: wire, retire: true}));
			return;
		}

		sendPage(id, first.page, partial => ({id, partial}));
	}

	const {page, retire} = within(() => renderPostPage(shown, markdown, options), budget, plain);
	sendPage(id, page, wire => ({id, page: wire, retire}));
}

async function printPost(id: number, job: Extract<Job, {kind: 'print'}>, budgetMs: number): Promise<void> {
	const {post, spec, lineEnd} = job;
	const body = readBody(post);
	if (body.problem !== null) {
		send({id, printed: {unreadable: body.problem}, retire: false});
		return;
	}

	const options = pageOptions(spec);
	// Where sharp cannot load, the images are lines (a served print has no stderr to say so on).
	const text =
		spec.pictureRows === undefined
			? printedText(post, body.markdown, options, budgetMs, renderPrintedLines)
			: await printedWithPictures(post, body.markdown, options, budgetMs, renderPrintedPage, () => {});
	const bytes = new TextEncoder().encode(lineEnd === '\n' ? text : text.replace(/\r?\n/g, lineEnd));
	send({id, printed: {bytes}, retire: false});
}

/** Warms the renderer up a piece a turn until a job comes (warm-up.ts): the first post renders as fast as the next. */
let warming = true;
function warmUp(step = 0): void {
	setImmediate(() => {
		if (warming && warmUpStep(step, createTheme(3), 80)) warmUp(step + 1);
	});
}

let jobs = Promise.resolve();
process.on('message', (message: ToRenderer) => {
	warming = false;
	// One at a time, in the order sent (the service sends one, but a print awaits its pictures).
	jobs = jobs.then(async () => {
		const {id, job, budgetMs} = message;
		if (job.kind === 'page') renderPage(id, job.post, job.spec, budgetMs);
		else await printPost(id, job, budgetMs);
	});
});
// The service is gone (its process ended, however it ended): so is this one.
process.on('disconnect', () => process.exit(0));
send({ready: true});
warmUp();
