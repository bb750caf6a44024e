// Preloaded by the benchmark: reports the process's peak memory on exit.
process.on('exit', () => {
	process.stderr.write(`\nmaxrss-kb ${process.resourceUsage().maxRSS}\n`);
});
