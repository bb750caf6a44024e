// A renderer process that behaves as a test tells it (its first argument), for
// the render service's tests: `echo` answers each job with a one-line page of the
// post's title, `hang` never answers (a loop no watchdog ends), `exhaust` fills its
// heap until V8 ends it, `exit` ends as a job comes.
import type {FromRenderer, ToRenderer} from '../../source/render/service/protocol.js';
import {packPage} from '../../source/render/service/protocol.js';

const mode = process.argv[2];
const send = (message: FromRenderer) => process.send?.(message);

function echo({id, job}: ToRenderer): void {
	const line = `${job.kind}: ${job.post.title}`;
	const page = {
		lines: [line],
		headings: [],
		blockStarts: [0],
		footnoteRefs: [],
		noteLines: [],
		links: [],
		codeBlocks: [],
		sourceLines: [],
		notice: null,
		pictures: [],
	};
	if (job.kind === 'page') send({id, page: packPage(page, [line]), retire: false});
	else send({id, printed: {bytes: new TextEncoder().encode(`${line}\n`)}, retire: false});
}

process.on('message', (message: ToRenderer) => {
	if (mode === 'echo') echo(message);
	else if (mode === 'exit') process.exit(3);
	else if (mode === 'exhaust') {
		const kept: number[][] = [];
		for (;;) kept.push(Array.from({length: 10_000}, (_, index) => index * Math.random()));
	} else for (;;);
});
process.on('disconnect', () => process.exit(0));
send({ready: true});
