// Renders one post body off the main thread (see render/render-job.ts).
import {parentPort, workerData} from 'node:worker_threads';
import {createTheme} from '../theme/palette.js';
import {renderMarkdown} from './markdown.js';
import type {RenderReply, RenderRequest} from './render-job.js';

const reply = (message: RenderReply) => parentPort?.postMessage(message);
// Loaded: the render's budget starts now, not while the thread and its modules were starting.
reply({started: true});
const request = workerData as RenderRequest;
const theme = createTheme(request.theme.level, request.theme.name, request.theme.options);
const result = renderMarkdown(request.markdown, {
	width: request.width,
	theme,
	hyperlinks: request.hyperlinks,
	mdx: request.mdx,
	...(request.skipTitleHeading === undefined ? {} : {skipTitleHeading: request.skipTitleHeading}),
});
reply({result});
