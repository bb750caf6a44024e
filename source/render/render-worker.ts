// Renders one post body off the main thread (see render/render-job.ts).
import {parentPort, workerData} from 'node:worker_threads';
import {createTheme} from '../theme/palette.js';
import {renderMarkdown} from './markdown.js';
import type {RenderRequest} from './render-job.js';

const request = workerData as RenderRequest;
const theme = createTheme(request.theme.level, request.theme.name, request.theme.options);
const result = renderMarkdown(request.markdown, {
	width: request.width,
	theme,
	hyperlinks: request.hyperlinks,
	mdx: request.mdx,
	...(request.skipTitleHeading === undefined ? {} : {skipTitleHeading: request.skipTitleHeading}),
});
parentPort?.postMessage(result);
