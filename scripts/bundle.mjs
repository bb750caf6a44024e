// How blogread is bundled for production (React's production build, minified,
// split into lazily loaded chunks), and the plugins that keep its start fast.
// Used by scripts/build.mjs for the bin and by the benchmark for what it times.
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {build} from 'esbuild';
import {highlightLanguageTable} from './highlight-languages.mjs';

const root = path.join(import.meta.dirname, '..');

// string-width's emoji pattern, compiled at its first use (see lazy-unicode-tables).
const LAZY_EMOJI_PATTERN = "let rgiEmoji; const rgiEmojiRegex = {test: text => (rgiEmoji ??= new RegExp('^\\\\p{RGI_Emoji}$', 'v')).test(text)};";

/**
 * The module cli-highlight gets in place of highlight.js: the same library with
 * its languages registered on first use (source/render/lazy-highlight.ts). The
 * table of names and aliases is read from the full library here, at build time.
 */
function lazyHighlightModule() {
	const {names, aliases} = highlightLanguageTable();
	const loaders = names.map(name => `${JSON.stringify(name)}: () => require(${JSON.stringify(`highlight.js/lib/languages/${name}`)})`);
	return `const {lazyHighlight} = require(${JSON.stringify(path.join(root, 'source', 'render', 'lazy-highlight.ts'))});
module.exports = lazyHighlight(require('highlight.js/lib/core'), {${loaders.join(',\n')}}, ${JSON.stringify(aliases)});
`;
}

// Intl.Segmenter made on first use (see lazy-unicode-tables).
const LAZY_SEGMENTER = 'const __blogreadSegmenter = (...options) => { let segmenter; return {segment: text => (segmenter ??= new Intl.Segmenter(...options)).segment(text)}; };';

/** esbuild options shared by everything bundled the way the bin is. */
export const bundleOptions = {
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
	// `__blogreadSegmenter`: see the lazy-unicode-tables plugin below.
	banner: {js: `import {createRequire as __blogreadRequire} from 'node:module'; const require = __blogreadRequire(import.meta.url); ${LAZY_SEGMENTER}`},
	chunkNames: 'chunks/[name]-[hash]',
	plugins: [{
		name: 'lazy-highlight-languages',
		setup(build) {
			build.onResolve({filter: /^highlight\.js$/}, args => (args.importer.includes(`${path.sep}cli-highlight${path.sep}`) ? {path: 'highlight.js', namespace: 'lazy-highlight'} : undefined));
			build.onLoad({filter: /.*/, namespace: 'lazy-highlight'}, () => ({contents: lazyHighlightModule(), loader: 'js', resolveDir: root}));
		},
	}, {
		// Ink, wrap-ansi and friends measure every line with string-width; they
		// get blogread's measure (source/render/string-width-fast.ts), which gives
		// the same widths without string-width's tables for most text.
		name: 'one-string-width',
		setup(build) {
			const shim = path.join(root, 'source', 'text', 'string-width-fast.ts');
			const real = path.join(root, 'node_modules', 'string-width', 'index.js');
			build.onResolve({filter: /^string-width$/}, async args => {
				if (args.pluginData === 'real' || !args.importer.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
				const resolved = await build.resolve(args.path, {kind: args.kind, resolveDir: args.resolveDir, pluginData: 'real'});
				// Only copies of the version blogread uses (cli-table3 keeps its old one).
				return resolved.path === real ? {path: shim} : resolved;
			});
		},
	}, {
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
		// meow bundles @babel/code-frame (for messages about a broken package.json)
		// and normalize-package-data (semver, SPDX licence tables), and runs both
		// at import: about 10 ms at every start. blogread never asks meow for its
		// package data (cli.pkg) and its package.json is valid, so both are left
		// out, as is an unused promisify(execFile) that loads node:child_process.
		name: 'meow-without-package-normalising',
		setup(build) {
			build.onLoad({filter: /[\\/]node_modules[\\/]meow[\\/]build[\\/]dependencies\.js$/}, async args => {
				const eager = [
					['var libExports = requireLib$1();', 'var libExports = {codeFrameColumns: () => \'\'};'],
					['var normalizeExports = requireNormalize();\nconst normalizePackageData = getDefaultExportFromCjs(normalizeExports);', 'const normalizePackageData = () => {};'],
					['promisify(execFile);\n', ''],
					["import { execFile } from 'node:child_process';\n", ''],
				];
				let source = await readFile(args.path, 'utf8');
				for (const [from, to] of eager) {
					if (source.includes(from)) source = source.replace(from, to);
					else console.warn(`build: meow's dependencies changed; left as they are: ${from.split('\n')[0]}`);
				}

				return {contents: source, loader: 'js'};
			});
		},
	}, {
		// string-width, slice-ansi and Ink's tokenizer each make an Intl.Segmenter
		// when imported (over 6 ms at every start), and string-width's emoji
		// pattern takes 10 ms to compile; narrow and simple text is measured
		// without either. Both are made on first use instead.
		name: 'lazy-unicode-tables',
		setup(build) {
			build.onLoad({filter: /[\\/]node_modules[\\/](?:string-width|slice-ansi|@alcalzone[\\/]ansi-tokenize)[\\/].*\.js$/}, async args => {
				const source = await readFile(args.path, 'utf8');
				return {
					contents: source
						.replaceAll('new Intl.Segmenter(', '__blogreadSegmenter(')
						.replace('const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;', () => LAZY_EMOJI_PATTERN),
					loader: 'js',
				};
			});
		},
	}, {
		// node-emoji builds its table from emojilib at import (4 ms before any
		// post renders), though most posts have no :shortcode:. Its importers
		// (inline.ts, marked-terminal) only call get(): the table is built then.
		name: 'lazy-emoji',
		setup(build) {
			build.onResolve({filter: /^node-emoji$/}, args => (args.kind === 'import-statement' ? {path: 'node-emoji', namespace: 'lazy-emoji'} : undefined));
			build.onLoad({filter: /.*/, namespace: 'lazy-emoji'}, () => ({
				contents: "let emoji; export function get(name) { emoji ??= require('node-emoji'); return emoji.get(name); }",
				loader: 'js',
				resolveDir: root,
			}));
		},
	}, {
		name: 'gray-matter-yaml',
		setup(build) {
			build.onResolve({filter: /^js-yaml$/}, args => (args.importer.includes(`${path.sep}gray-matter${path.sep}`) ? {path: path.join(root, 'scripts', 'gray-matter-yaml.cjs')} : undefined));
		},
	}],
	legalComments: 'none',
	// Less code to parse at every start.
	minify: true,
	logLevel: 'warning',
};

/** Bundles entry points the way the bin is, into `outdir`. */
export async function bundle(entryPoints, outdir) {
	await build({...bundleOptions, entryPoints, outdir});
}
