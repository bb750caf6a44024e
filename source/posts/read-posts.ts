// The posts an index doesn't have, read from their files: here, and for a
// large first load (a blog never indexed, a new clone) in a worker thread
// too, the two threads taking batches in turn.
import {availableParallelism} from 'node:os';
import type {Worker} from 'node:worker_threads';
import {startWorker} from '../render/start-worker.js';
import {batchCount, type ReadReply, type ReadRequest, readBatch, readBatches} from './read-batches.js';
import type {FileToRead, ReadPost} from './read-post.js';

/** Fewer files are read here alone: a worker takes tens of milliseconds to start and load the front matter parsers. */
const PARALLEL_FROM = 2000;
/** Files a batch: a few tens of milliseconds of reading. */
const BATCH_SIZE = 200;

/** How to read: from how many files a worker helps, files a batch, the worker's entry (tests change them). */
export type ReadOptions = {parallelFrom?: number; batchSize?: number; workerEntry?: string};

/** Runs the worker until it has claimed its last batch, keeping what it reads; a failed worker reads nothing. */
async function readInWorker(entry: string, request: ReadRequest, read: Array<ReadPost[] | undefined>): Promise<void> {
	let worker: Worker;
	try {
		worker = startWorker(entry, request);
	} catch {
		return;
	}

	await new Promise<void>(resolve => {
		worker.on('message', (reply: ReadReply) => {
			if ('done' in reply) resolve();
			else read[reply.batch] = reply.read;
		});
		worker.on('error', () => resolve());
		worker.on('exit', () => resolve());
	});
	void worker.terminate();
}

/** Each file read into a post, in the order given. */
export async function readPosts(files: FileToRead[], folder: string, options: ReadOptions = {}): Promise<ReadPost[]> {
	const {parallelFrom = PARALLEL_FROM, batchSize = BATCH_SIZE, workerEntry = 'posts/read-worker'} = options;
	const request: ReadRequest = {files, folder, claims: new SharedArrayBuffer(4), batchSize};
	const read: Array<ReadPost[] | undefined> = [];
	const helped =
		files.length >= parallelFrom && availableParallelism() > 1 ? readInWorker(workerEntry, request, read) : undefined;
	readBatches(request, (batch, posts) => {
		read[batch] = posts;
	});
	await helped;
	// A batch the worker claimed but never sent back (it failed) is read here.
	const all: ReadPost[] = [];
	for (let batch = 0; batch < batchCount(request); batch++) all.push(...(read[batch] ?? readBatch(request, batch)));
	return all;
}
