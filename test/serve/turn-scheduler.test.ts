import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {Writable} from 'node:stream';
import {describe, it} from 'node:test';
import {render, Text} from 'ink';
import {createElement, useState} from 'react';
import {processLoop} from '../../source/serve/turn-scheduler.js';
import {waysIntoTheBin} from '../helpers/built-files.js';

// The turns only keep a reader from waiting behind other sessions' frames if a
// turn's frames are drawn before the next turn's keys are given. Ink's apps do
// not draw as a key is read: the update is queued in React's scheduler, shared
// by every app in the process, and drawn in a later task. These tests draw real
// Ink apps in this process, each frame made to cost a few milliseconds.

const APPS = 12;
const FRAME_MS = 3;

/** Busy for `ms`: a frame of a big screen. */
function spin(ms: number): void {
	const end = performance.now() + ms;
	while (performance.now() < end) {
		// The thread is drawing.
	}
}

/** Shows how often it was pressed; every frame costs FRAME_MS. Hands `onMount` what presses it, as a key does. */
function Counter({onMount}: {onMount: (press: () => void) => void}) {
	const [count, setCount] = useState(0);
	onMount(() => setCount(value => value + 1));
	spin(FRAME_MS);
	return createElement(Text, null, `pressed ${count}`);
}

/** An Ink app drawing into a stream that counts its frames. */
function mountApp() {
	let frames = 0;
	let press: (() => void) | undefined;
	const stdout = Object.assign(
		new Writable({
			write(_chunk, _encoding, done) {
				frames++;
				done();
			},
		}),
		{columns: 80, rows: 24},
	) as unknown as NodeJS.WriteStream;
	const instance = render(
		createElement(Counter, {
			onMount: (pressIt: () => void) => {
				press = pressIt;
			},
		}),
		{stdout, debug: true, patchConsole: false, exitOnCtrlC: false},
	);
	return {
		press: () => press?.(),
		get frames() {
			return frames;
		},
		unmount: () => instance.unmount(),
	};
}

type App = ReturnType<typeof mountApp>;

/** Mounts APPS apps, runs `test` once each has drawn its first frame, and unmounts them. */
async function withApps(test: (apps: App[]) => Promise<void>): Promise<void> {
	const apps = Array.from({length: APPS}, () => mountApp());
	try {
		const deadline = performance.now() + 10_000;
		while (apps.some(app => app.frames === 0)) {
			if (performance.now() > deadline) throw new Error('the apps drew no first frame in 10 s');
			await new Promise(resolve => setImmediate(resolve));
		}

		await test(apps);
	} finally {
		for (const app of apps) app.unmount();
	}
}

/** Presses a key in every app; resolves, when `wait` says, with how many frames each has drawn since. */
async function pressAll(apps: App[], wait: (then: () => void) => void): Promise<number[]> {
	const before = apps.map(app => app.frames);
	for (const app of apps) app.press();
	await new Promise<void>(resolve => wait(resolve));
	return apps.map((app, index) => app.frames - (before[index] ?? 0));
}

describe('processLoop: the turns of the served apps', () => {
	it('runs afterFrames once every app given a key has drawn its frame', async () => {
		// Far more drawing than React's scheduler does in one task of the event loop (5 ms).
		await withApps(async apps => {
			const drawn = await pressAll(apps, then => processLoop.afterFrames(then));
			assert.deepEqual(
				drawn,
				apps.map(() => 1),
			);
		});
	});

	it('soon: the turn after next comes before the frames are all drawn (why the turns use afterFrames)', async () => {
		await withApps(async apps => {
			const drawn = await pressAll(apps, then => processLoop.soon(() => processLoop.soon(then)));
			assert.ok(
				drawn.some(frames => frames === 0),
				`every app had drawn two turns later: ${drawn.join(' ')}`,
			);
		});
	});

	it('shares one scheduler with Ink in the built bin (a second copy: an empty queue, waited on for nothing)', () => {
		const ways = waysIntoTheBin();
		const copies = new Map(
			[...ways].map(([way, files]) => [
				way,
				[...files].flatMap(file => readFileSync(file, 'utf8').split('unstable_scheduleCallback=').slice(1)).length,
			]),
		);
		const withInk = [...copies.keys()].filter(way => /chunks\/(start|run-serve-[\w]+)\.js$/.test(way));
		assert.equal(withInk.length, 2, `the app's and serve's ways into the bin: ${[...copies.keys()].join(', ')}`);
		for (const [way, count] of copies)
			assert.equal(count, withInk.includes(way) ? 1 : 0, `copies of the scheduler ${way} may load`);
	});
});
