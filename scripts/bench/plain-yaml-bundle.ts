// blogread's plain-YAML reader bundled alone, as an ES module: the first run's floor
// (least-cold-list.mjs) is given it, to parse front matter as blogread does.
import path from 'node:path';
import {build} from 'esbuild';

export async function bundlePlainYaml(outfile: string): Promise<void> {
	await build({
		entryPoints: [path.join(import.meta.dirname, '..', '..', 'source', 'blog', 'load', 'plain-yaml.ts')],
		outfile,
		bundle: true,
		format: 'esm',
		platform: 'node',
		minify: true,
		logLevel: 'warning',
	});
}
