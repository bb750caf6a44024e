// The one place posts are rendered for the app and for `blogread serve`: in
// renderer processes kept ready, never on the thread that answers keys. Each
// job runs under a time budget (the renderer keeps it, and past it gives the
// post as plain text) and a heap limit (past it, V8 ends that renderer and
// only it); a renderer that does neither in time is ended from here, and the
// post is shown as plain text made here, a slice a turn. Clients (an app, a
// served session, a command) take turns: one job each at a time.
import {type ChildProcess, fork} from 'node:child_process';
import {fileURLToPath} from 'node:url';
import type {Post} from '../../blog/model/model.js';
import type {Theme} from '../../theme/palette.js';
import {bundledFile} from '../bundled-file.js';
import {RenderCancelled} from '../plain-page.js';
import type {PageOptions} from '../post-header.js';
import {FairQueue} from './fair-queue.js';
import {plainPrinted, plainReaderPage} from './fallback.js';
import {
	addPiece,
	type FromRenderer,
	type Job,
	type LinesSoFar,
	noLinesYet,
	type PageSpec,
	type PageWithPlain,
	type Printed,
	type ToRenderer,
	themeSpec,
	unpackPage,
} from './protocol.js';

export type RenderServiceOptions = {
	/** Renderer processes at most: each takes a core while it renders. */
	renderers: number;
	/** How long a render may take before the post is shown as plain text. */
	budgetMs: number;
	/** Each renderer's heap limit (V8's old space), in MB. */
	heapMb: number;
	/** How a renderer process is started (tests break them); default: the bundle's, or the source's. */
	start?: (execArgv: string[]) => ChildProcess;
	/** How long past its budget a renderer may take to answer before it is ended (default ANSWER_GRACE_MS). */
	answerGraceMs?: number;
};

/** How long a renderer may take to load before the jobs waiting for it are shown as plain text. */
const STARTING_LIMIT_MS = 30_000;
/**
 * How long past its budget a renderer may take to answer (it gives the plain text itself, linear in
 * the post: a 4 MB post takes a second) before it is taken for stuck and ended.
 */
const ANSWER_GRACE_MS = 3000;
/** A job no longer wanted is left to finish this long (most do), then its renderer is ended. */
const ABANDON_MS = 250;
/** A renderer past the first is ended when it has had no job for this long. */
const IDLE_MS = 30_000;

type Task = {
	id: number;
	client: object;
	job: Job;
	theme: Theme;
	onPartial: ((page: PageWithPlain) => void) | undefined;
	settle: (result: {page: PageWithPlain} | {printed: Printed}) => void;
	fail: (error: Error) => void;
	/** Ends the task's wait: a renderer that never came, or never answered. */
	timer: NodeJS.Timeout | undefined;
	abandoned: boolean;
	/** The lines of the page coming next, as they come in pieces. */
	soFar: LinesSoFar;
};

type Renderer = {
	child: ChildProcess;
	ready: boolean;
	task: Task | undefined;
	/** Why the renderer was ended from here, if it was. */
	ended: string | undefined;
	idle: NodeJS.Timeout | undefined;
	/** The end of what it wrote to stderr: V8 says there why it ended. */
	stderr: string;
};

/** The renderer's entry: the bundle's file beside the bin, or the source through tsx (tests). */
function startRenderer(execArgv: string[]): ChildProcess {
	const fromSource = import.meta.url.endsWith('.ts');
	const entry = fromSource ? new URL('./renderer-process.ts', import.meta.url) : bundledFile('renderer-process.js');
	return fork(fileURLToPath(entry), [], {
		execArgv: fromSource ? ['--import', 'tsx', ...execArgv] : execArgv,
		// Its stderr is read, never shown: V8's report of a heap out of memory would land on the screen.
		stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
		serialization: 'advanced',
	});
}

/** What a page's options say, as they cross to a renderer. */
function pageSpec({theme, ...rest}: PageOptions): PageSpec {
	return {...rest, theme: themeSpec(theme)};
}

export class RenderService {
	private readonly renderers = new Set<Renderer>();
	private readonly queue = new FairQueue<object, Task>();
	private nextId = 0;
	private closed = false;
	private readyWaiters: Array<() => void> = [];

	constructor(private readonly options: RenderServiceOptions) {}

	/** Renderers running now (started or starting), and jobs waiting for one. */
	get load(): {renderers: number; rendering: number; waiting: number} {
		let rendering = 0;
		for (const renderer of this.renderers) if (renderer.task) rendering++;
		return {renderers: this.renderers.size, rendering, waiting: this.queue.size};
	}

	/** Starts a renderer ahead of the first post, so it is ready when one is opened. */
	warm(): void {
		if (this.renderers.size === 0 && !this.closed) this.startOne();
	}

	/** Resolves once a renderer is ready (one is started if none is): a benchmark times keys from then. */
	async ready(): Promise<void> {
		this.warm();
		if ([...this.renderers].some(renderer => renderer.ready)) return;
		// Renderers don't keep the process up (startOne): this wait does, as a job's timer does.
		let timer: NodeJS.Timeout | undefined;
		await new Promise<void>(resolve => {
			timer = setTimeout(resolve, STARTING_LIMIT_MS);
			this.readyWaiters.push(resolve);
		});
		clearTimeout(timer);
	}

	/**
	 * `post`'s page for the reader: its beginning first (`onPartial`) when it is long. Rejects with
	 * RenderCancelled when `signal` aborts first.
	 */
	async page(
		post: Post,
		options: PageOptions,
		client: object,
		{signal, onPartial}: {signal?: AbortSignal; onPartial?: (page: PageWithPlain) => void} = {},
	): Promise<PageWithPlain> {
		const result = await this.run(
			{kind: 'page', post, spec: pageSpec(options)},
			options.theme,
			client,
			signal,
			onPartial,
		);
		if ('page' in result) return result.page;
		throw new Error('the renderer gave no page');
	}

	/** `post` printed whole, as `--print` would (lines ending in `lineEnd`), for a command of `blogread serve`. */
	async print(
		post: Post,
		options: PageOptions,
		lineEnd: '\n' | '\r\n',
		client: object,
		signal?: AbortSignal,
	): Promise<Printed> {
		const result = await this.run(
			{kind: 'print', post, spec: pageSpec(options), lineEnd},
			options.theme,
			client,
			signal,
		);
		if ('printed' in result) return result.printed;
		throw new Error('the renderer gave no text');
	}

	/** Ends every renderer; jobs still waiting are cancelled. */
	close(): void {
		this.closed = true;
		for (;;) {
			const task = this.queue.take(() => false);
			if (!task) break;
			this.cancel(task);
		}

		for (const renderer of [...this.renderers]) {
			if (renderer.task) this.cancel(renderer.task);
			this.end(renderer, 'closed');
		}
	}

	private async run(
		job: Job,
		theme: Theme,
		client: object,
		signal: AbortSignal | undefined,
		onPartial?: (page: PageWithPlain) => void,
	): Promise<{page: PageWithPlain} | {printed: Printed}> {
		if (signal?.aborted || this.closed) throw new RenderCancelled('no longer needed');
		return new Promise((resolve, reject) => {
			const task: Task = {
				id: ++this.nextId,
				client,
				job,
				theme,
				onPartial,
				settle: result => {
					this.finish(task);
					resolve(result);
				},
				fail: error => {
					this.finish(task);
					reject(error);
				},
				timer: undefined,
				abandoned: false,
				soFar: noLinesYet(),
			};
			// Until a renderer takes it: a renderer that cannot start in this time never will.
			task.timer = setTimeout(() => this.fallBack(task, 'no renderer could start'), STARTING_LIMIT_MS);
			signal?.addEventListener('abort', () => this.abandon(task), {once: true});
			this.queue.push(client, task);
			this.pump();
		});
	}

	private finish(task: Task): void {
		clearTimeout(task.timer);
		task.settle = () => {};
		task.fail = () => {};
		task.onPartial = undefined;
	}

	private cancel(task: Task): void {
		task.abandoned = true;
		task.fail(new RenderCancelled('no longer needed'));
	}

	/** A job no longer wanted: out of the line, or left a moment to finish and then ended with its renderer. */
	private abandon(task: Task): void {
		if (this.queue.remove(task.client, task)) {
			this.cancel(task);
			return;
		}

		const renderer = this.rendererOf(task);
		this.cancel(task);
		if (!renderer) return;
		setTimeout(() => {
			if (renderer.task === task) this.end(renderer, 'abandoned');
		}, ABANDON_MS).unref();
	}

	private rendererOf(task: Task): Renderer | undefined {
		for (const renderer of this.renderers) if (renderer.task === task) return renderer;
		return undefined;
	}

	/** Whether `client` has a job rendering (one abandoned counts until its renderer is free). */
	private busy(client: object): boolean {
		for (const renderer of this.renderers) if (renderer.task?.client === client) return true;
		return false;
	}

	/** Gives waiting jobs to idle renderers, and starts renderers for the rest, up to the limit. */
	private pump(): void {
		if (this.closed) return;
		for (const renderer of this.renderers) {
			if (!renderer.ready || renderer.task || renderer.ended) continue;
			const task = this.queue.take(client => this.busy(client));
			if (!task) break;
			this.assign(renderer, task);
		}

		const starting = [...this.renderers].filter(renderer => !renderer.ready).length;
		if (this.queue.size > starting && this.renderers.size < this.options.renderers) this.startOne();
	}

	private assign(renderer: Renderer, task: Task): void {
		clearTimeout(renderer.idle);
		renderer.task = task;
		clearTimeout(task.timer);
		task.timer = setTimeout(
			() => {
				if (renderer.task === task) this.end(renderer, `rendering took longer than ${this.options.budgetMs / 1000} s`);
			},
			this.options.budgetMs + (this.options.answerGraceMs ?? ANSWER_GRACE_MS),
		);
		const message: ToRenderer = {id: task.id, job: task.job, budgetMs: this.options.budgetMs};
		renderer.child.send(message);
	}

	private startOne(): void {
		const {heapMb} = this.options;
		const child = (this.options.start ?? startRenderer)([`--max-old-space-size=${heapMb}`]);
		const renderer: Renderer = {child, ready: false, task: undefined, ended: undefined, idle: undefined, stderr: ''};
		this.renderers.add(renderer);
		// Idle renderers don't keep the process up: an app that has quit, or a test that is done, ends.
		child.unref();
		child.channel?.unref();
		(child.stderr as (NodeJS.ReadableStream & {unref?: () => void}) | null)?.unref?.();
		child.stderr?.setEncoding('utf8');
		child.stderr?.on('data', (chunk: string) => {
			renderer.stderr = (renderer.stderr + chunk).slice(-4096);
		});
		child.on('message', (message: FromRenderer) => this.heard(renderer, message));
		child.on('error', () => this.end(renderer, 'the renderer could not start'));
		child.on('exit', (code, signal) => this.exited(renderer, code, signal));
	}

	private heard(renderer: Renderer, message: FromRenderer): void {
		if ('ready' in message) {
			renderer.ready = true;
			for (const resolve of this.readyWaiters.splice(0)) resolve();
			this.pump();
			this.idleLater(renderer);
			return;
		}

		const {task} = renderer;
		if (!task || task.id !== message.id) return;
		if ('piece' in message) {
			if (!task.abandoned) addPiece(task.soFar, message.piece);
			return;
		}

		const before = task.soFar;
		task.soFar = noLinesYet();
		if ('partial' in message) {
			if (!task.abandoned) task.onPartial?.(unpackPage(message.partial, before));
			return;
		}

		renderer.task = undefined;
		// An abandoned job's wait has ended already: its page is not unpacked for no one.
		if (!task.abandoned)
			task.settle('page' in message ? {page: unpackPage(message.page, before)} : {printed: message.printed});
		if (message.retire) this.end(renderer, 'retired');
		else this.idleLater(renderer);
		this.pump();
	}

	/** A renderer other than the first is ended once it has been idle a while. */
	private idleLater(renderer: Renderer): void {
		clearTimeout(renderer.idle);
		if (this.renderers.size <= 1) return;
		renderer.idle = setTimeout(() => {
			if (!renderer.task && this.renderers.size > 1) this.end(renderer, 'idle');
		}, IDLE_MS);
		renderer.idle.unref();
	}

	/** Ends a renderer from here; its job, if any, is shown as plain text with `reason`. */
	private end(renderer: Renderer, reason: string): void {
		if (renderer.ended) return;
		renderer.ended = reason;
		renderer.child.kill('SIGKILL');
		this.lost(renderer, reason);
	}

	private exited(renderer: Renderer, code: number | null, signal: NodeJS.Signals | null): void {
		const reason =
			renderer.ended ??
			(/heap out of memory|allocation failed/i.test(renderer.stderr)
				? `rendering needed more than ${this.options.heapMb} MB`
				: `the renderer ended (${signal ?? code})`);
		renderer.ended = reason;
		this.lost(renderer, reason);
	}

	/** A renderer is gone: its job falls back to plain text, and jobs waiting get a new renderer. */
	private lost(renderer: Renderer, reason: string): void {
		if (!this.renderers.delete(renderer)) return;
		clearTimeout(renderer.idle);
		const {task} = renderer;
		renderer.task = undefined;
		if (task && !task.abandoned) this.fallBack(task, reason);
		this.pump();
		// One is kept ready, so the next post doesn't wait for a start.
		if (!this.closed && this.renderers.size === 0) this.startOne();
	}

	/** The job's post as plain text, made here a slice a turn (see fallback.ts), with the reason. */
	private fallBack(task: Task, reason: string): void {
		this.queue.remove(task.client, task);
		const {job, theme} = task;
		const options = {...job.spec, theme};
		const made =
			job.kind === 'page'
				? plainReaderPage(job.post, options, reason).then(page => ({page}))
				: plainPrinted(job.post, options, reason, job.lineEnd).then(printed => ({printed}));
		made.then(
			result => task.settle(result),
			(error: unknown) => task.fail(error instanceof Error ? error : new Error(String(error))),
		);
	}
}
