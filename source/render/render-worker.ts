// Renders off the main thread (see render/render-job.ts): a body's page, or a
// post printed whole. The budget is kept here, by V8's watchdog; past it, the
// post is given as plain text, so the main thread never has to make it.
import {parentPort, workerData} from 'node:worker_threads';
import {readBody} from '../blog/load/body.js';
import {createTheme} from '../theme/palette.js';
import {errorMessage} from '../util/errors.js';
import {renderMarkdown} from './markdown.js';
import {plainPage} from './plain-page.js';
import {renderPostPage, renderPrintedLines} from './post-page.js';
import {printedText, printedWithPictures} from './printed.js';
import type {RenderReply, RenderRequest} from './render-job.js';
import {runWithin} from './watchdog.js';

const reply = (message: RenderReply, transfer: ArrayBuffer[] = []) => parentPort?.postMessage(message, transfer);
// Loaded: the render's budget starts now, not while the thread and its modules were starting.
reply({started: true});
const request = workerData as RenderRequest;
const theme = createTheme(request.theme.level, request.theme.name, request.theme.options);

if (request.kind === 'page') {
	const {markdown, width, budgetMs} = request;
	const options = {
		width,
		theme,
		hyperlinks: request.hyperlinks,
		mdx: request.mdx,
		...(request.skipTitleHeading === undefined ? {} : {skipTitleHeading: request.skipTitleHeading}),
		...(request.pictures ? {pictures: request.pictures} : {}),
		...(request.diagrams === false ? {diagrams: false} : {}),
	};
	let result: ReturnType<typeof renderMarkdown>;
	try {
		result = runWithin(() => renderMarkdown(markdown, options), budgetMs);
	} catch (error) {
		result = plainPage(markdown, width, errorMessage(error));
	}

	reply({result});
} else {
	const {post, width, budgetMs, lineEnd, pictureRows} = request;
	const body = readBody(post);
	if (body.problem === null) {
		const options = {width, theme, hyperlinks: request.hyperlinks};
		// Pictures are decoded here too, in this thread's share of the thread pool; where sharp cannot load,
		// the images are lines (a served print has no stderr to say so on).
		const text =
			pictureRows === undefined
				? printedText(post, body.markdown, options, budgetMs, renderPrintedLines)
				: await printedWithPictures(post, body.markdown, {...options, pictureRows}, budgetMs, renderPostPage, () => {});
		// Handed over, not copied: the main thread only passes the bytes on.
		const bytes = new TextEncoder().encode(lineEnd === '\n' ? text : text.replace(/\r?\n/g, lineEnd));
		reply({bytes}, [bytes.buffer]);
	} else reply({unreadable: body.problem});
}
