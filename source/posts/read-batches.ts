// Reading a list of post files in batches, each claimed from a counter shared
// between threads (read-posts.ts, read-worker.ts): whichever thread is free
// takes the next batch, so neither waits long for the other at the end.
import {type FileToRead, type ReadPost, readPostFile} from './read-post.js';

/** The files to read and the shared counter of batches claimed (an Int32 in a SharedArrayBuffer). */
export type ReadRequest = {files: FileToRead[]; folder: string; claims: SharedArrayBuffer; batchSize: number};

/** What a reading thread reports: one batch read, or that it has claimed the last. */
export type ReadReply = {batch: number; read: ReadPost[]} | {done: true};

export function batchCount(request: ReadRequest): number {
	return Math.ceil(request.files.length / request.batchSize);
}

/** The files of one batch, read. */
export function readBatch(request: ReadRequest, batch: number): ReadPost[] {
	const {files, folder, batchSize} = request;
	return files
		.slice(batch * batchSize, (batch + 1) * batchSize)
		.map(file =>
			readPostFile(
				file.absolutePath,
				file.path,
				{folder, inDraftFolder: file.inDraftFolder, excerptSeparator: file.excerptSeparator},
				file.realPath,
			),
		);
}

/** Claims and reads batches until every one is claimed. */
export function readBatches(request: ReadRequest, done: (batch: number, read: ReadPost[]) => void): void {
	const claims = new Int32Array(request.claims);
	const count = batchCount(request);
	for (let batch = Atomics.add(claims, 0, 1); batch < count; batch = Atomics.add(claims, 0, 1))
		done(batch, readBatch(request, batch));
}
