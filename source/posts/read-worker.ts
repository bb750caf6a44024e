// Reads post files for the main thread during a large first load (read-posts.ts).
import {parentPort, workerData} from 'node:worker_threads';
import {type ReadReply, type ReadRequest, readBatches} from './read-batches.js';

const reply = (message: ReadReply) => parentPort?.postMessage(message);
readBatches(workerData as ReadRequest, (batch, read) => reply({batch, read}));
reply({done: true});
