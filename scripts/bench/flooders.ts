// The flooding clients of serve-mixed.ts, in a process of their own: the
// frames they take in (as large as the server draws, as fast as they come) cost their process
// most of a core to decrypt, which timed in the readers' process would be
// counted as the server's delay. Told what to do on stdin, one line at a time:
//   flood MS   each session writes keys as fast as its channel takes them, for MS ms; answers `flooded`
//   quit       the sessions quit; answers `quit` and ends
// It answers `ready` once its sessions are open.
// Usage: node --import tsx scripts/bench/flooders.ts PORT COUNT
import {createInterface} from 'node:readline';
import {openHugePost, Session, sleep} from './serve-clients.js';

/** Keys a flooder writes at a time. */
const CHUNK = 64;

/** Writes `jk` over and over until `end`, so every key moves: as fast as the channel takes them. */
async function flood(session: Session, end: number) {
	const keys = 'jk'.repeat(CHUNK / 2);
	while (performance.now() < end) {
		// A server that holds its keys back (ssh's window) is waited for, until the end.
		if (!session.write(keys)) await Promise.race([session.drained(), sleep(end - performance.now())]);
		await new Promise(resolve => setImmediate(resolve));
	}
}

/** A flooder asking for 1000×500 (the server takes 500×200): in the list, or (`inPost`) in the huge post. */
async function flooder(port: number, inPost: boolean): Promise<Session> {
	const session = new Session({columns: 1000, rows: 500}, 60_000);
	await session.open(port);
	if (inPost) await openHugePost(session);
	return session;
}

const [port = '', count = ''] = process.argv.slice(2);
const sessions = await Promise.all(
	Array.from({length: Number(count)}, (_, index) => flooder(Number(port), index % 2 === 1)),
);
const say = (line: string) => process.stdout.write(`${line}\n`);
say('ready');
for await (const line of createInterface({input: process.stdin})) {
	const [command, argument] = line.split(' ');
	if (command === 'flood') {
		const end = performance.now() + Number(argument);
		await Promise.all(sessions.map(session => flood(session, end)));
		say('flooded');
	} else if (command === 'quit') {
		await Promise.all(sessions.map(session => session.quit().catch(() => {})));
		say('quit');
		break;
	}
}
