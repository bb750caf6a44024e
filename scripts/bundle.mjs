// How blogread is bundled for production: ES modules (the bin's entry, the start
// of a list or the app, the renderer process, and chunks loaded on demand; bundleBin
// below), React's production build, minified. Used by scripts/build.mjs for the
// bin and by the benchmark.
//
// Start-up is most of what a terminal tool costs, and Node 20 keeps no compiled
// code between runs, so what the bin parses and runs at start is kept small:
// - Large parts of the renderer are files of their own, loaded the
//   first time a post needs them: highlight.js's 190 languages (1 MB of the
//   renderer's 1.5 MB), GitHub's emoji names, node-emoji's table, and the HTML parser.
// - Where a dependency does work at import that blogread may never need, the
//   bundle takes a module of blogread's own in its place (source/shims/, each
//   saying what it saves), chosen below by who imports what. No dependency's
//   text is changed here: the two changes blogread needs inside Ink and meow
//   are patches/, applied to node_modules at install, so the tests run them too.
import {existsSync} from 'node:fs';
import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {build} from 'esbuild';
import {highlightLanguageTable} from './highlight-languages.mjs';

const root = path.join(import.meta.dirname, '..');

/** Where the on-demand files go, relative to the build's folder; chunks (`chunks/`) reach them with `../`. */
const LANGUAGES = 'highlight';
const VENDOR = 'vendor';
const GEMOJI_NAMES = 'gemoji-names.json';

const source = (...parts) => path.join(root, 'source', ...parts);
const shim = file => source('shims', file);
const lazyHighlightSource = source('render', 'lazy-highlight.ts');

/** Who imports: blogread's own code, one file of it, or a dependency. */
const fromSource = args => args.importer.startsWith(source() + path.sep);
/** One file of blogread's own, which must exist: a swap keyed to a file since moved would silently stop applying. */
const fromFile = file => {
	if (!existsSync(file)) throw new Error(`bundle.mjs: a swap names ${path.relative(root, file)}, which does not exist`);
	return args => args.importer === file;
};
const fromPackage = name => args => args.importer.includes(`${path.sep}node_modules${path.sep}${name}${path.sep}`);

/** Modules of blogread's own taken for a dependency's: the import, who imports it, the module taken. */
const SWAPS = [
	// Large parts most runs never use, required the first time they are needed (source/shims/vendor.ts):
	// string-width (its emoji pattern, made at import), the HTML parser, node-emoji's table (for blogread
	// and marked-terminal alike: both only call get()), the front matter parsers (a start from the index
	// reads no post), GitHub's emoji names, unicodeit's table of maths, the Mermaid diagram layout, the
	// sixel encoder.
	['string-width', fromSource, shim('string-width.ts')],
	['htmlparser2', fromSource, shim('html-parser.ts')],
	['entities', fromSource, shim('html-parser.ts')],
	['node-emoji', () => true, shim('node-emoji.ts')],
	['gray-matter', fromFile(source('blog', 'load', 'front-matter.ts')), shim('gray-matter.ts')],
	['js-yaml', fromFile(source('blog', 'load', 'front-matter.ts')), shim('js-yaml.ts')],
	['smol-toml', fromFile(source('blog', 'load', 'front-matter.ts')), shim('smol-toml.ts')],
	['./emoji-table.js', fromFile(source('render', 'inline.ts')), shim('emoji-table.ts')],
	['./math-data.js', fromFile(source('render', 'math.ts')), shim('math-data.ts')],
	['beautiful-mermaid', fromFile(source('render', 'diagram.ts')), shim('mermaid.ts')],
	['sixel/lib/SixelEncoder.js', fromFile(source('pictures', 'sixel.ts')), shim('sixel.ts')],
	// What dependencies import and blogread never needs of them.
	['parse5', fromPackage('cli-highlight'), source('render', 'highlight-html.ts')],
	['parse5-htmlparser2-tree-adapter', fromPackage('cli-highlight'), shim('parse5-tree-adapter.ts')],
	['cli-table3', fromPackage('marked-terminal'), shim('cli-table3.ts')],
	['js-yaml', fromPackage('gray-matter'), shim('gray-matter-yaml.ts')],
	['restore-cursor', () => true, shim('restore-cursor.ts')],
	['elkjs/lib/elk.bundled.js', fromPackage('beautiful-mermaid'), shim('no-elk.ts')],
];

const swaps = {
	name: 'blogread-shims',
	setup(build) {
		const names = [...new Set(SWAPS.map(([name]) => name))];
		const filter = new RegExp(`^(?:${names.map(name => name.replace(/[./]/g, '\\$&')).join('|')})$`);
		build.onResolve({filter}, args => {
			const swap = SWAPS.find(([name, when]) => name === args.path && when(args));
			return swap ? {path: swap[2]} : undefined;
		});
		// Ink, wrap-ansi and friends measure every line with string-width: they get blogread's measure
		// (source/text/string-width-fast.ts), the same widths without string-width's tables for most text.
		// Only where they would get the copy blogread uses (cli-table3 keeps an old one of its own).
		const real = path.join(root, 'node_modules', 'string-width', 'index.js');
		build.onResolve({filter: /^string-width$/}, async args => {
			if (args.pluginData === 'real' || fromSource(args)) return undefined;
			const resolved = await build.resolve(args.path, {
				kind: args.kind,
				resolveDir: args.resolveDir,
				pluginData: 'real',
			});
			return resolved.path === real ? {path: source('text', 'string-width-fast.ts')} : resolved;
		});
		// React's devtools, which Ink loads when DEV=true, are not shipped (they would bring a WebSocket
		// server): Ink loads a file of blogread's own instead (INK_DEVTOOLS), from whichever build.
		build.onResolve({filter: /^\.\/devtools\.js$/}, args =>
			fromPackage('ink')(args) ? {path: './ink-devtools.js', external: true} : undefined,
		);
		// cli-highlight colours with blogread's chalk (its default theme needs only the styles' names) and
		// gets highlight.js with each language registered on first use (source/render/lazy-highlight.ts),
		// read from its own file then: registering all 190 took 26 ms, and parsing them 100 ms more.
		build.onResolve({filter: /^chalk$/}, args =>
			fromPackage('cli-highlight')(args) ? build.resolve('chalk', {kind: args.kind, resolveDir: root}) : undefined,
		);
		build.onResolve({filter: /^highlight\.js$/}, args =>
			fromPackage('cli-highlight')(args) ? {path: 'highlight.js', namespace: 'lazy-highlight'} : undefined,
		);
		build.onLoad({filter: /.*/, namespace: 'lazy-highlight'}, () => {
			const {names: languages, aliases} = highlightLanguageTable();
			const loaders = languages.map(
				name => `${JSON.stringify(name)}: () => require(${JSON.stringify(`../${LANGUAGES}/${name}.cjs`)})`,
			);
			return {
				contents: [
					`const {lazyHighlight} = require(${JSON.stringify(lazyHighlightSource)});`,
					`const languages = {${loaders.join(',\n')}};`,
					`module.exports = lazyHighlight(require('highlight.js/lib/core'), languages, ${JSON.stringify(aliases)});`,
				].join('\n'),
				loader: 'js',
				resolveDir: root,
			};
		});
		build.onResolve({filter: new RegExp(`^\\.\\./${LANGUAGES}/`)}, args => ({path: args.path, external: true}));
	},
};

/**
 * Globals the bundle has of its own (esbuild's define and inject): `Intl.Segmenter` is made
 * on first use (source/shims/segmenter.ts: string-width, slice-ansi and Ink's tokenizer each make
 * one at import, 15 ms of every start); there is no `fetch` (blogread reaches no network: Yoga,
 * Ink's layout engine, would fetch its WebAssembly from a data URL, and touching fetch loads undici,
 * about 35 ms of the app's start; without it, Yoga decodes the data itself).
 */
const globals = {
	define: {'Intl.Segmenter': 'BlogreadSegmenter', fetch: 'undefined'},
	inject: [shim('segmenter.ts')],
};

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
	define: {'process.env.NODE_ENV': '"production"', ...globals.define},
	inject: globals.inject,
	// ssh2 (blogread serve) loads its optional native crypto binding by a path of its own: it stays a
	// package, loaded from node_modules.
	external: ['ssh2', 'sharp'],
	// CommonJS dependencies (gray-matter) call require() on Node built-ins.
	banner: {
		js: [
			"import {createRequire as __blogreadRequire} from 'node:module';",
			'const require = __blogreadRequire(import.meta.url);',
		].join(' '),
	},
	chunkNames: 'chunks/[name]-[hash]',
	plugins: [swaps],
	legalComments: 'none',
	// Less code to parse at every start.
	minify: true,
	logLevel: 'warning',
};

/** GitHub's emoji names, name → emoji, from gemoji. */
async function writeGemojiNames(outdir) {
	const {gemoji} = await import('gemoji');
	const names = Object.fromEntries(gemoji.flatMap(entry => entry.names.map(name => [name, entry.emoji])));
	await mkdir(path.join(outdir, VENDOR), {recursive: true});
	await writeFile(path.join(outdir, VENDOR, GEMOJI_NAMES), JSON.stringify(names));
}

/**
 * The files loaded on demand: one per highlight.js language, GitHub's emoji names, the Mermaid layout,
 * node-emoji with its table, the HTML parser, the front matter parsers, string-width.
 */
async function bundleOnDemandFiles(outdir) {
	const common = {
		bundle: true,
		format: 'cjs',
		platform: 'node',
		target: 'node20',
		supported: {'regexp-set-notation': true},
		...globals,
		minify: true,
		legalComments: 'none',
		logLevel: 'warning',
		outExtension: {'.js': '.cjs'},
		plugins: [swaps],
	};
	const {names} = highlightLanguageTable();
	const languages = Object.fromEntries(
		names.map(name => [name, path.join(root, 'node_modules', 'highlight.js', 'lib', 'languages', `${name}.js`)]),
	);
	await build({...common, entryPoints: languages, outdir: path.join(outdir, LANGUAGES)});
	await build({
		...common,
		entryPoints: {
			'node-emoji': path.join(root, 'node_modules', 'node-emoji', 'lib', 'index.cjs'),
			'html-parser': path.join(root, 'scripts', 'html-parser.mjs'),
			'front-matter': path.join(root, 'scripts', 'front-matter-parsers.mjs'),
			'string-width': path.join(root, 'node_modules', 'string-width', 'index.js'),
			'math-data': path.join(root, 'node_modules', 'unicodeit', 'ts_dist', 'js', 'data.js'),
			mermaid: path.join(root, 'scripts', 'mermaid.mjs'),
			sixel: path.join(root, 'scripts', 'sixel.cjs'),
		},
		outdir: path.join(outdir, VENDOR),
	});
	await writeGemojiNames(outdir);
}

/** What Ink loads for React's devtools (DEV=true), beside the chunks that hold Ink. */
const INK_DEVTOOLS = {'chunks/ink-devtools': shim('ink-devtools.ts')};

/** Bundles entry points the way the bin is, into `outdir`, with the files they load on demand. */
export async function bundle(entryPoints, outdir) {
	await Promise.all([
		build({...bundleOptions, entryPoints: {...entryPoints, ...INK_DEVTOOLS}, outdir}),
		bundleOnDemandFiles(outdir),
	]);
}

/** The start of every list and app: source/cli/run.ts, a build of its own (below). */
const START = 'chunks/start';
/** What the start's build loads later from the other build, by these names. */
const LATER = {
	'chunks/post-page': source('render', 'post-page.ts'),
	'chunks/version-report': source('cli', 'version-report.ts'),
	'chunks/meow-reading': source('cli', 'meow-reading.ts'),
};

/**
 * Dynamic imports of the source modules in `names` (output name → source) become imports of those
 * outputs, from a file that the build writes to the folder `from`.
 */
const importsAsFiles = (names, from, filter) => ({
	name: 'blogread-imports-as-files',
	setup(build) {
		build.onResolve({filter: /^\.\.?\//}, args => {
			if (args.kind !== 'dynamic-import' || !filter(args)) return undefined;
			const wanted = path.resolve(args.resolveDir, args.path).replace(/\.js$/, '.ts');
			const name = Object.keys(names).find(key => names[key] === wanted);
			return name === undefined ? undefined : {path: `./${path.posix.relative(from, name)}.js`, external: true};
		});
	},
});

/**
 * The bin, in two builds. Node 20 resolves, reads and compiles each file of an ES module graph on
 * its own, and one build split by esbuild had cut what the app's first frame needs into 36 files.
 * So a list or the app starts from a build of its own, source/cli/run.ts with one part loaded
 * later, the app (Ink, React, the screens): three files to the app's first frame, two to a list
 * (docs/architecture.md, "The bundle"). The other build holds the entry (flags, help), serve,
 * completion, the renderer process and what the start loads later from it by name (LATER: the
 * renderer, the version report). A process loads the start's copy of Ink or serve's, never both;
 * what both builds hold is code whose module state no one shares across them (text, theme, the
 * renderer's helpers), and UserError is told by its brand, not by class.
 */
export async function bundleBin(outdir) {
	const entry = source('cli', 'entry.ts');
	await Promise.all([
		build({
			...bundleOptions,
			entryPoints: {
				cli: entry,
				'renderer-process': source('render', 'service', 'renderer-process.ts'),
				...LATER,
				...INK_DEVTOOLS,
			},
			outdir,
			plugins: [importsAsFiles({[START]: source('cli', 'run.ts')}, '.', args => args.importer === entry), swaps],
		}),
		build({
			...bundleOptions,
			entryPoints: {[START]: source('cli', 'run.ts')},
			outdir,
			plugins: [importsAsFiles(LATER, path.posix.dirname(START), () => true), swaps],
		}),
		bundleOnDemandFiles(outdir),
	]);
}
