import assert from 'node:assert/strict';
import {fork} from 'node:child_process';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import stripAnsi from 'strip-ansi';
import type {Post} from '../../../source/blog/model/model.js';
import {RenderCancelled} from '../../../source/render/plain-page.js';
import {renderPostPage} from '../../../source/render/post-page.js';
import {HEAD_FIRST_CHARS, RENDERER_HEAP_MB} from '../../../source/render/service/limits.js';
import type {PageWithPlain} from '../../../source/render/service/protocol.js';
import {RenderService} from '../../../source/render/service/render-service.js';
import {createTheme} from '../../../source/theme/palette.js';
import {ROOT} from '../../helpers/paths.js';
import {bodyOf, makePost} from '../../helpers/posts.js';

const theme = createTheme(1);
const options = {width: 70, theme, hyperlinks: false};
const section = (index: number) =>
	`## Part ${index}\n\nText with **bold** and a note[^n].\n\n\`\`\`go\nfunc f() {}\n\`\`\`\n`;
const largeBody = `${Array.from({length: 1200}, (_, index) => section(index)).join('\n')}\n[^n]: The note.`;
const large = makePost({title: 'Large', date: '2025-01-01'}, largeBody);
const small = makePost({title: 'Small'}, 'Just **this**.');

const services: RenderService[] = [];
after(() => {
	for (const service of services) service.close();
});

/** A service of renderers from the source, or of fake ones (helpers/fake-renderer.ts) that behave as `fake` says. */
function service(
	settings: {budgetMs?: number; renderers?: number; heapMb?: number; fake?: string} = {},
): RenderService {
	const {fake, budgetMs = 20_000, renderers = 1, heapMb = RENDERER_HEAP_MB} = settings;
	const made = new RenderService({
		renderers,
		budgetMs,
		heapMb,
		answerGraceMs: 200,
		...(fake
			? {
					start: (execArgv: string[]) =>
						fork(path.join(ROOT, 'test', 'helpers', 'fake-renderer.ts'), [fake], {
							execArgv: ['--import', 'tsx', ...execArgv],
							stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
							serialization: 'advanced',
						}),
				}
			: {}),
	});
	services.push(made);
	return made;
}

const text = (page: PageWithPlain) => page.plain.join('\n');

/** Until the service has no renderer left rendering, nor a job waiting. */
async function idle(renders: RenderService): Promise<void> {
	const deadline = Date.now() + 15_000;
	while (renders.load.rendering > 0 || renders.load.waiting > 0) {
		if (Date.now() > deadline) throw new Error(`still busy: ${JSON.stringify(renders.load)}`);
		await new Promise(resolve => setTimeout(resolve, 10));
	}
}

describe('pages rendered in a renderer process', () => {
	const renders = service();

	it('are the pages this thread would render, with their plain text', async () => {
		for (const [post, width] of [
			[small, 40],
			[large, 70],
		] as Array<[Post, number]>) {
			const page = await renders.page(post, {...options, width}, {});
			const here = renderPostPage(post, bodyOf(post), {...options, width});
			assert.deepEqual(page, {...here, plain: here.lines.map(line => stripAnsi(line))});
		}
	});

	it('draw in ASCII there too, when the theme does', async () => {
		const ascii = {...options, theme: createTheme(1, 'dark', {ascii: true})};
		const page = await renders.page(large, ascii, {});
		assert.match(text(page), /^\+- go$/m);
		assert.ok(!/[^\n\u0020-\u007E]/.test(text(page)), 'only ASCII');
	});

	it('show a long post’s beginning first, then the whole', async () => {
		assert.ok(largeBody.length > HEAD_FIRST_CHARS);
		const partials: PageWithPlain[] = [];
		const page = await renders.page(large, options, {}, {onPartial: partial => partials.push(partial)});
		assert.equal(partials.length, 1);
		const [partial] = partials;
		assert.ok(partial && partial.lines.length < page.lines.length / 4, 'a beginning, not the whole');
		assert.deepEqual(partial.plain.slice(0, 12), page.plain.slice(0, 12), 'which the whole starts with');
		assert.match(text(page), /Part 1199/);
	});

	it('past the budget, come as plain text with a notice, and the renderer is replaced', async () => {
		const hurried = service({budgetMs: 1});
		const page = await hurried.page(large, options, {});
		assert.match(text(page), /⚠ shown as plain text: rendering took longer than 0.001 s/);
		assert.match(text(page), /^## Part 0$/m, 'the Markdown is shown as written');
		assert.ok(page.plain.every(line => line.length <= 70));
		// The one that stopped part way takes no more jobs; the next comes from a new one.
		assert.equal(hurried.load.renderers, 1);
		assert.match(text(await hurried.page(small, options, {})), /shown as plain text/);
	});

	it('print a post whole for a command, its lines ending as asked', async () => {
		const printed = await renders.print(small, {...options, theme: createTheme(0)}, '\r\n', {});
		assert.ok('bytes' in printed);
		const lines = new TextDecoder().decode(printed.bytes).split('\r\n');
		assert.ok(lines.includes('Just **this**.'));
	});

	it('say why a file that can no longer be read is not shown', async () => {
		const gone = {...small, absolutePath: path.join(small.folder, 'gone.md')};
		assert.match(text(await renders.page(gone, options, {})), /could not read the file \(ENOENT\)/);
		assert.deepEqual(await renders.print(gone, options, '\n', {}), {unreadable: 'could not read the file (ENOENT)'});
	});
});

describe('renderers that fail', () => {
	it('one that runs out of heap is ended by V8, and the post is shown as plain text saying so', async () => {
		const renders = service({fake: 'exhaust', heapMb: 32});
		const page = await renders.page(small, options, {});
		assert.match(text(page), /shown as plain text: rendering needed more than 32 MB/);
		assert.match(text(page), /Just \*\*this\*\*\./);
	});

	it('one that never answers is ended past its budget', async () => {
		const renders = service({fake: 'hang', budgetMs: 50});
		const page = await renders.page(small, options, {});
		assert.match(text(page), /shown as plain text: rendering took longer than 0.05 s/);
	});

	it('one that ends mid-job: the post as plain text, and a new renderer for the next', async () => {
		const renders = service({fake: 'exit'});
		assert.match(text(await renders.page(small, options, {})), /shown as plain text: the renderer ended \(3\)/);
		assert.match(text(await renders.page(large, options, {})), /shown as plain text: the renderer ended \(3\)/);
	});

	it('a print from one that fails is plain text too', async () => {
		const renders = service({fake: 'exit'});
		const printed = await renders.print(small, {...options, theme: createTheme(0)}, '\n', {});
		assert.ok('bytes' in printed);
		assert.match(new TextDecoder().decode(printed.bytes), /⚠ shown as plain text: the renderer ended \(3\)\n/);
	});
});

describe('clients taking turns', () => {
	const post = (title: string) => makePost({title}, 'Text.');

	it('one client’s many jobs don’t hold back another’s: they alternate', async () => {
		const renders = service({fake: 'echo'});
		await renders.ready();
		const [a, b] = [{}, {}];
		const done: string[] = [];
		const ask = (client: object, title: string) =>
			renders.page(post(title), options, client).then(page => done.push(page.plain[0] ?? ''));
		await Promise.all([ask(a, 'a1'), ask(a, 'a2'), ask(a, 'a3'), ask(b, 'b1'), ask(b, 'b2')]);
		assert.deepEqual(done, ['page: a1', 'page: b1', 'page: a2', 'page: b2', 'page: a3']);
	});

	it('a job no longer wanted while it waits is never rendered', async () => {
		const renders = service({fake: 'echo'});
		await renders.ready();
		const client = {};
		const stop = new AbortController();
		const first = renders.page(post('first'), options, client);
		const dropped = renders.page(post('dropped'), options, client, {signal: stop.signal});
		stop.abort();
		await assert.rejects(dropped, RenderCancelled);
		assert.equal((await first).plain[0], 'page: first');
		assert.equal(renders.load.waiting, 0);
	});

	it('a job no longer wanted while it renders: its renderer is ended soon after, a new one started', async () => {
		const renders = service({fake: 'hang', budgetMs: 60_000});
		await renders.ready();
		const stop = new AbortController();
		const stuck = renders.page(post('stuck'), options, {}, {signal: stop.signal});
		await new Promise(resolve => setTimeout(resolve, 20));
		stop.abort();
		await assert.rejects(stuck, RenderCancelled);
		await idle(renders);
		assert.equal(renders.load.renderers, 1, 'a new one, started as the stuck one was ended');
	});

	it('closing cancels what waits and ends the renderers', async () => {
		const renders = service({fake: 'hang', budgetMs: 60_000});
		const waiting = renders.page(post('waiting'), options, {});
		renders.close();
		await assert.rejects(waiting, RenderCancelled);
		assert.deepEqual(renders.load, {renderers: 0, rendering: 0, waiting: 0});
		await assert.rejects(renders.page(post('late'), options, {}), RenderCancelled);
	});
});
