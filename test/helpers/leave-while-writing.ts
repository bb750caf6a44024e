// Starts writing FILE a slice at a time and leaves the process in the middle,
// as `q` may while the index is being written (private-folder.test.ts).
// Usage: node --import tsx test/helpers/leave-while-writing.ts FILE
import {writePrivateFileInSlices} from '../../source/storage/private-folder.js';
import {Slices} from '../../source/util/slices.js';

const [file = ''] = process.argv.slice(2);
function* pieces(): Generator<string> {
	for (let index = 0; ; index++) {
		if (index === 10) setImmediate(() => process.exit(0));
		yield `row ${index}\n`;
	}
}

// Slices of 0 ms: every piece is a slice of its own, the event loop turning after each.
await writePrivateFileInSlices(file, pieces(), new Slices(0));
