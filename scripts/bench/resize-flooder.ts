// A client sending 200,000 window changes as fast as it can, in a process of its own: encrypting
// them costs its process a core, which timed in the readers' process (hostile.ts) would be counted
// as the server's delay. Says `flooding` on stdout as it starts (its session open and drawn), then quits.
// Usage: node --import tsx scripts/bench/resize-flooder.ts PORT [COUNT]
import {Session, sleep} from './serve-clients.js';

const [port = '', count = '200000'] = process.argv.slice(2);
const flooder = new Session();
await flooder.open(Number(port));
// Its own first frame drawn: what follows is the flood alone.
await sleep(1000);
process.stdout.write('flooding\n');
for (let change = 0; change < Number(count); change++) {
	flooder.resize(change % 2 === 0 ? 100 : 120, 30);
	if (change % 1000 === 999) await new Promise(resolve => setImmediate(resolve));
}

await sleep(500);
await flooder.quit().catch(() => {});
process.exit(0);
