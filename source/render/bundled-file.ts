import {existsSync} from 'node:fs';
import {fileURLToPath} from 'node:url';

/**
 * A file the build puts beside the bin (`dist/<file>`), found from bundled
 * code, which sits in `dist/` or `dist/chunks/`; from source, `source/<file>`.
 */
export function bundledFile(file: string): URL {
	const candidates = [new URL(`./${file}`, import.meta.url), new URL(`../${file}`, import.meta.url)];
	return candidates.find(candidate => existsSync(fileURLToPath(candidate))) ?? (candidates[0] as URL);
}
