// The test suite's reporter: a dot per passing test, every failure in full at
// the end, and one line of totals (TAP's thousands of lines help no one).
export default async function* reporter(source) {
	const failures = [];
	let passed = 0;
	let skipped = 0;
	let marks = 0;
	const started = performance.now();
	const mark = symbol => (++marks % 100 === 0 ? `${symbol}\n` : symbol);
	for await (const event of source) {
		if (event.type === 'test:pass' && event.data.details.type !== 'suite') {
			if (event.data.skip || event.data.todo) skipped++;
			else passed++;
			yield mark('.');
		} else if (event.type === 'test:fail' && event.data.details.type !== 'suite') {
			const error = event.data.details.error;
			const cause = error?.cause ?? error;
			failures.push(`✖ ${event.data.name}\n  ${event.data.file ?? ''}\n${cause?.stack ?? cause?.message ?? cause}`);
			yield mark('F');
		} else if (event.type === 'test:fail' && event.data.details.error?.failureType === 'testCodeFailure') {
			// A file that failed to load has no tests to fail: its error is the suite's.
			failures.push(`✖ ${event.data.name}\n${event.data.details.error.cause ?? event.data.details.error}`);
		}
	}

	for (const failure of failures) yield `\n\n${failure}`;
	const seconds = ((performance.now() - started) / 1000).toFixed(1);
	const totals = `${passed} passed, ${failures.length} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
	yield `\n\n${failures.length === 0 ? '✔' : '✖'} ${totals} in ${seconds} s\n`;
}
