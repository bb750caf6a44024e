// Bundles the CLI for production: one small entry chunk (flags and help) and
// lazily loaded chunks for the app, with React's production build.
import {rm} from 'node:fs/promises';
import path from 'node:path';
import {build} from 'esbuild';

await rm('dist', {recursive: true, force: true});
await build({
	entryPoints: ['source/cli.tsx', 'source/render-worker.ts'],
	outdir: 'dist',
	bundle: true,
	splitting: true,
	format: 'esm',
	platform: 'node',
	target: 'node20',
	define: {'process.env.NODE_ENV': '"production"'},
	// Ink loads its devtools only when DEV=true; they are not shipped.
	external: ['react-devtools-core'],
	// CommonJS dependencies (gray-matter) call require() on Node built-ins.
	banner: {js: "import {createRequire as __blogreadRequire} from 'node:module'; const require = __blogreadRequire(import.meta.url);"},
	chunkNames: 'chunks/[name]-[hash]',
	plugins: [{
		name: 'gray-matter-yaml',
		setup(build) {
			build.onResolve({filter: /^js-yaml$/}, args => (args.importer.includes(`${path.sep}gray-matter${path.sep}`) ? {path: path.resolve('scripts/gray-matter-yaml.cjs')} : undefined));
		},
	}],
	legalComments: 'none',
	// Less code to parse at every start.
	minify: true,
	logLevel: 'warning',
});
