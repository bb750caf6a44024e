// One terminal of many on the same blog, for the reading state's test: it
// opens the state, waits for "go" on stdin so that all start together, marks
// its post read, writes the state, and says "done".
import {ReadingMemory} from '../../source/reading/reading-memory.js';

const [root = '', post = '', hash = ''] = process.argv.slice(2);
const memory = ReadingMemory.open(root, process.env, line => process.stderr.write(`${line}\n`));
if (!memory) throw new Error('the state folder is not usable');
process.stdout.write('ready\n');
process.stdin.once('data', () => {
	memory.update({positions: memory.initial.positions, read: {...memory.initial.read, [post]: hash}});
	memory.flush();
	process.stdout.write('done\n');
	process.exit(0);
});
