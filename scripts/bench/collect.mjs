// Preloaded into the server by serve.ts, which starts it with --expose-gc: on SIGUSR2, a full collection, then
// the live heap on stderr, so memory left after every session ended is told from garbage not yet collected.
process.on('SIGUSR2', () => {
	globalThis.gc?.();
	process.stderr.write(`\nbench-heap-kb ${Math.round(process.memoryUsage().heapUsed / 1024)}\n`);
});
