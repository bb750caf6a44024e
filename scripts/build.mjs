// Bundles the CLI for production: one small entry chunk (flags and help) and
// lazily loaded chunks for the app, with React's production build.
import {readFile, rm} from 'node:fs/promises';
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
	// Node 20 has the RegExp v flag; lowered to `new RegExp(…, 'v')`, string-width's
	// emoji patterns would be compiled at import instead of at first use (4 ms).
	supported: {'regexp-set-notation': true},
	define: {'process.env.NODE_ENV': '"production"'},
	// Ink loads its devtools only when DEV=true; they are not shipped.
	external: ['react-devtools-core'],
	// CommonJS dependencies (gray-matter) call require() on Node built-ins.
	// `__blogreadSegmenter`: see the lazy-segmenter plugin below.
	banner: {js: "import {createRequire as __blogreadRequire} from 'node:module'; const require = __blogreadRequire(import.meta.url); const __blogreadSegmenter = (...options) => { let segmenter; return {segment: text => (segmenter ??= new Intl.Segmenter(...options)).segment(text)}; };"},
	chunkNames: 'chunks/[name]-[hash]',
	plugins: [{
		// Yoga (Ink's layout engine) is WebAssembly kept as a base64 data URL.
		// Where fetch exists it fetches that URL: touching Node's fetch loads
		// undici, about 19 ms before the first frame. It decodes it itself instead.
		name: 'yoga-without-fetch',
		setup(build) {
			build.onLoad({filter: /[\\/]node_modules[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/}, async args => {
				const fetching = 'function ya(){return w||"function"!=typeof fetch?';
				const source = await readFile(args.path, 'utf8');
				if (!source.includes(fetching)) console.warn('build: yoga-layout changed; its WebAssembly is still fetched');
				return {contents: source.replace(fetching, 'function ya(){return true?'), loader: 'js'};
			});
		},
	}, {
		// meow's bundled dependencies run @babel/code-frame and
		// normalize-package-data (semver, SPDX tables) at import, 8 ms at every
		// start, though blogread never needs them: made to load on first use.
		name: 'lazy-meow-dependencies',
		setup(build) {
			build.onLoad({filter: /[\\/]node_modules[\\/]meow[\\/]build[\\/]dependencies\.js$/}, async args => {
				const eager = [
					['var libExports = requireLib$1();', 'var libExports = {get codeFrameColumns() { return requireLib$1().codeFrameColumns; }};'],
					['var normalizeExports = requireNormalize();\nconst normalizePackageData = getDefaultExportFromCjs(normalizeExports);', 'const normalizePackageData = (...args) => getDefaultExportFromCjs(requireNormalize())(...args);'],
				];
				let source = await readFile(args.path, 'utf8');
				for (const [from, to] of eager) {
					if (source.includes(from)) source = source.replace(from, to);
					else console.warn(`build: meow's dependencies changed; not made lazy: ${from.split('\n')[0]}`);
				}

				return {contents: source, loader: 'js'};
			});
		},
	}, {
		// string-width, slice-ansi and Ink's tokenizer each make an Intl.Segmenter
		// when imported: over 6 ms at every start, though narrow text is measured
		// without one. Made on first use instead; they only call segment().
		name: 'lazy-segmenter',
		setup(build) {
			build.onLoad({filter: /[\\/]node_modules[\\/](?:string-width|slice-ansi|@alcalzone[\\/]ansi-tokenize)[\\/].*\.js$/}, async args => {
				const source = await readFile(args.path, 'utf8');
				return {contents: source.replaceAll('new Intl.Segmenter(', '__blogreadSegmenter('), loader: 'js'};
			});
		},
	}, {
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
