// How blogread is bundled for production: one ES module build (the bin's entry,
// the render worker, and chunks loaded on demand), React's production build,
// minified. Used by scripts/build.mjs for the bin and by the benchmark.
//
// Start-up is most of what a terminal tool costs, and Node 20 keeps no compiled
// code between runs, so what the bin parses and runs at start is kept small:
// - Large parts of the renderer are files of their own, loaded the
//   first time a post needs them: highlight.js's 190 languages (1 MB of the
//   renderer's 1.5 MB), GitHub's emoji names, node-emoji's table, and the HTML parser.
// - A few dependencies are patched, each below where it is applied, with what
//   it saves. A patch whose target text is missing warns at build time and
//   leaves the dependency as it is; tests on the built bin check each one.
import {mkdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {build} from 'esbuild';
import {highlightLanguageTable} from './highlight-languages.mjs';

const root = path.join(import.meta.dirname, '..');

/** Where the on-demand files go, relative to the build's folder; chunks (`chunks/`) reach them with `../`. */
const LANGUAGES = 'highlight';
const VENDOR = 'vendor';
const GEMOJI_NAMES = 'gemoji-names.json';

/**
 * Replaces exact text in a dependency's source, warning (and leaving it) when
 * the text is gone; with BLOGREAD_STRICT_PATCHES set (the build of `npm test`)
 * that fails the build, so a dependency that changed under a patch is seen.
 */
function patchText(source, replacements, what) {
	let patched = source;
	for (const [from, to] of replacements) {
		if (patched.includes(from)) patched = patched.replace(from, () => to);
		else {
			const message = `build: ${what} changed; left as it is: ${from.split('\n')[0]}`;
			if (process.env.BLOGREAD_STRICT_PATCHES) throw new Error(message);
			console.warn(message);
		}
	}

	return patched;
}

const lazyHighlightSource = path.join(root, 'source', 'render', 'lazy-highlight.ts');

/**
 * Code that defines `load()`, which requires a file of the build's vendor folder
 * the first time it is called. The file is looked for beside the code that asks:
 * from `chunks/` (the bin's code) or from the build's folder (an entry point that
 * holds the code itself, as the benchmark's bundles do).
 */
function vendorLoader(file) {
	return [
		'let loaded;',
		'const load = () => (loaded ??= (() => {',
		`	for (const file of ['../${VENDOR}/${file}', './${VENDOR}/${file}']) {`,
		"		try { return require(file); } catch (error) { if (error.code !== 'MODULE_NOT_FOUND') throw error; }",
		'	}',
		`	throw new Error('${VENDOR}/${file} is missing');`,
		'})());',
	].join('\n');
}

const onDemandFiles = {
	// cli-highlight gets highlight.js with each language registered on first use
	// (source/render/lazy-highlight.ts), read from its own file then: registering
	// all 190 took 26 ms, and parsing them another 100 ms here, at every --print.
	name: 'highlight-languages-on-demand',
	setup(build) {
		build.onResolve({filter: /^highlight\.js$/}, args =>
			args.importer.includes(`${path.sep}cli-highlight${path.sep}`)
				? {path: 'highlight.js', namespace: 'lazy-highlight'}
				: undefined,
		);
		build.onLoad({filter: /.*/, namespace: 'lazy-highlight'}, () => {
			const {names, aliases} = highlightLanguageTable();
			const loaders = names.map(
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
		// node-emoji builds its table from emojilib at import (4 ms, and 200 KB to
		// parse), though most posts have no :shortcode:. Its importers only call get().
		build.onResolve({filter: /^node-emoji$/}, args =>
			args.kind === 'import-statement' ? {path: 'node-emoji', namespace: 'lazy-emoji'} : undefined,
		);
		build.onLoad({filter: /.*/, namespace: 'lazy-emoji'}, () => ({
			contents: [vendorLoader('node-emoji.cjs'), 'export function get(name) { return load().get(name); }'].join('\n'),
			loader: 'js',
			resolveDir: root,
		}));
		// htmlparser2 and entities' HTML5 table (75 KB to parse) serve only posts with raw HTML or
		// named character references. blogread calls new Parser() and decodeHTMLStrict() alone.
		build.onResolve({filter: /^(?:htmlparser2|entities)$/}, args =>
			args.importer.startsWith(path.join(root, 'source')) ? {path: args.path, namespace: 'lazy-html'} : undefined,
		);
		build.onLoad({filter: /.*/, namespace: 'lazy-html'}, args => ({
			contents: [
				vendorLoader('html-parser.cjs'),
				args.path === 'htmlparser2'
					? 'export class Parser { constructor(...options) { return new (load().Parser)(...options); } }'
					: 'export function decodeHTMLStrict(text) { return load().decodeHTMLStrict(text); }',
			].join('\n'),
			loader: 'js',
			resolveDir: root,
		}));
		// gray-matter, js-yaml and smol-toml (60 KB to parse, and js-yaml builds its schemas) serve only
		// posts read from their files; a start that takes every post from the index needs none of them.
		build.onResolve({filter: /^(?:gray-matter|js-yaml|smol-toml)$/}, args =>
			args.importer === path.join(root, 'source', 'posts', 'front-matter.ts')
				? {path: args.path, namespace: 'lazy-front-matter'}
				: undefined,
		);
		build.onLoad({filter: /.*/, namespace: 'lazy-front-matter'}, args => ({
			contents: [
				vendorLoader('front-matter.cjs'),
				{
					'gray-matter': 'export default function matter(...args) { return load().matter(...args); }',
					'js-yaml': [
						'export default {',
						'	load: (...args) => load().yaml.load(...args),',
						'	get CORE_SCHEMA() { return load().yaml.CORE_SCHEMA; },',
						'};',
					].join('\n'),
					'smol-toml': 'export function parse(text) { return load().parseToml(text); }',
				}[args.path],
			].join('\n'),
			loader: 'js',
			resolveDir: root,
		}));
		// gemoji's list (350 KB with tags and descriptions, 15 ms to load) ships as its names
		// alone, a JSON file read the first time a post has a :name: (source/render/emoji-table.ts).
		build.onResolve({filter: /^\.\/emoji-table\.js$/}, () => ({path: 'emoji-table', namespace: 'lazy-gemoji'}));
		build.onLoad({filter: /.*/, namespace: 'lazy-gemoji'}, () => ({
			contents: [
				vendorLoader(GEMOJI_NAMES),
				'let names;',
				'export function gemojiNames() { names ??= new Map(Object.entries(load())); return names; }',
			].join('\n'),
			loader: 'js',
			resolveDir: root,
		}));
		build.onResolve({filter: new RegExp(`^\\.\\./(?:${LANGUAGES}|${VENDOR})/`)}, args => ({
			path: args.path,
			external: true,
		}));
	},
};

const highlightHtmlSource = path.join(root, 'source', 'render', 'highlight-html.ts');

const highlightWithoutParse5 = {
	// cli-highlight reads highlight.js's HTML with parse5, 190 KB of the renderer (15 ms to
	// load at every --print of a post with code), and its theme with its own chalk 4 (another
	// 7 ms). It gets a reader of the little HTML highlight.js writes
	// (source/render/highlight-html.ts) and blogread's chalk, whose styles its default
	// theme needs only by name: blogread's theme names every scope.
	name: 'highlight-without-parse5',
	setup(build) {
		const fromCliHighlight = args => args.importer.includes(`${path.sep}cli-highlight${path.sep}`);
		build.onResolve({filter: /^parse5$/}, args => (fromCliHighlight(args) ? {path: highlightHtmlSource} : undefined));
		build.onResolve({filter: /^parse5-htmlparser2-tree-adapter$/}, args =>
			fromCliHighlight(args) ? {path: 'tree-adapter', namespace: 'no-tree-adapter'} : undefined,
		);
		build.onLoad({filter: /.*/, namespace: 'no-tree-adapter'}, () => ({contents: 'export default {};', loader: 'js'}));
		build.onResolve({filter: /^chalk$/}, args =>
			fromCliHighlight(args) ? build.resolve('chalk', {kind: args.kind, resolveDir: root}) : undefined,
		);
	},
};

const markedTerminalWithoutTables = {
	// marked-terminal draws tables with cli-table3 (34 KB with its own string-width and colours,
	// loaded at every --print), but blogread uses only its inline styles and draws tables itself
	// (source/render/table.ts), so its table renderer is never called: it gets a stub.
	name: 'marked-terminal-without-tables',
	setup(build) {
		build.onResolve({filter: /^cli-table3$/}, args =>
			args.importer.includes(`${path.sep}marked-terminal${path.sep}`)
				? {path: 'cli-table3', namespace: 'no-table'}
				: undefined,
		);
		build.onLoad({filter: /.*/, namespace: 'no-table'}, () => ({
			contents: "export default class Table { constructor() { throw new Error('blogread draws tables itself'); } }",
			loader: 'js',
		}));
	},
};

const oneStringWidth = {
	// Ink, wrap-ansi and friends measure every line with string-width; they get
	// blogread's measure (source/text/string-width-fast.ts), which gives the same
	// widths without string-width's tables for most text: 20 ms before the first frame.
	name: 'one-string-width',
	setup(build) {
		const shim = path.join(root, 'source', 'text', 'string-width-fast.ts');
		const real = path.join(root, 'node_modules', 'string-width', 'index.js');
		build.onResolve({filter: /^string-width$/}, async args => {
			if (args.pluginData === 'real' || !args.importer.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
			const resolved = await build.resolve(args.path, {
				kind: args.kind,
				resolveDir: args.resolveDir,
				pluginData: 'real',
			});
			// Only copies of the version blogread uses (cli-table3 keeps its old one).
			return resolved.path === real ? {path: shim} : resolved;
		});
	},
};

const yogaWithoutFetch = {
	// Yoga (Ink's layout engine) is WebAssembly kept as a base64 data URL. Where
	// fetch exists it fetches that URL: touching Node's fetch loads undici, about
	// 19 ms before the first frame. It decodes it itself instead.
	name: 'yoga-without-fetch',
	setup(build) {
		build.onLoad(
			{filter: /[\\/]node_modules[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/},
			async args => ({
				contents: patchText(
					await readFile(args.path, 'utf8'),
					[['function ya(){return w||"function"!=typeof fetch?', 'function ya(){return true?']],
					'yoga-layout',
				),
				loader: 'js',
			}),
		);
	},
};

const meowWithoutPackageNormalising = {
	// meow bundles @babel/code-frame (for messages about a broken package.json)
	// and normalize-package-data (semver, SPDX licence tables), and runs both at
	// import: about 10 ms at every start. blogread never asks meow for its
	// package data, so both are left out, as is an unused promisify(execFile).
	name: 'meow-without-package-normalising',
	setup(build) {
		build.onLoad({filter: /[\\/]node_modules[\\/]meow[\\/]build[\\/]dependencies\.js$/}, async args => ({
			contents: patchText(
				await readFile(args.path, 'utf8'),
				[
					['var libExports = requireLib$1();', "var libExports = {codeFrameColumns: () => ''};"],
					[
						[
							'var normalizeExports = requireNormalize();',
							'const normalizePackageData = getDefaultExportFromCjs(normalizeExports);',
						].join('\n'),
						'const normalizePackageData = () => {};',
					],
					['promisify(execFile);\n', ''],
					["import { execFile } from 'node:child_process';\n", ''],
				],
				'meow',
			),
			loader: 'js',
		}));
	},
};

const graphemesSource = path.join(root, 'source', 'text', 'graphemes.ts');

const lazyUnicodeTables = {
	// string-width, slice-ansi and Ink's tokenizer each make an Intl.Segmenter
	// when imported (6 ms at every start), and string-width's emoji pattern takes
	// 10 ms to compile; narrow and simple text needs neither. Both are made on first use,
	// the segmenter by source/text/graphemes.ts, which also cuts ASCII without it (10x faster).
	name: 'lazy-unicode-tables',
	setup(build) {
		build.onLoad(
			{filter: /[\\/]node_modules[\\/](?:string-width|slice-ansi|@alcalzone[\\/]ansi-tokenize)[\\/].*\.js$/},
			async args => {
				const original = await readFile(args.path, 'utf8');
				// Other files of these packages are left to the plugins after this one.
				if (!original.includes('new Intl.Segmenter(')) return undefined;
				let source = [
					`import {graphemeSegmenter as __blogreadSegmenter} from ${JSON.stringify(graphemesSource)};`,
					original.replaceAll('new Intl.Segmenter(', '__blogreadSegmenter('),
				].join('\n');
				if (args.path === path.join(root, 'node_modules', 'string-width', 'index.js')) {
					source = patchText(
						source,
						[
							[
								'const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;',
								[
									'let rgiEmoji;',
									'const rgiEmojiRegex = {test: text =>',
									"(rgiEmoji ??= new RegExp('^\\\\p{RGI_Emoji}$', 'v')).test(text)};",
								].join(' '),
							],
						],
						'string-width',
					);
				}

				return {contents: source, loader: 'js'};
			},
		);
	},
};

const inkFramesFaster = {
	// Ink cuts every row of a frame into styled characters and measures it, in caches it
	// makes anew for each frame, so an unchanged row costs as much as a new one: 8-20 ms of
	// each keystroke over a 100x30 list. The frames share one set of caches, started
	// afresh when it holds many lines (the cached characters are only read, never changed).
	// Each character got a copy of the styles before it and was compared with the one
	// before it by building three Sets: characters now share their styles' array (a new
	// one is made for each change of style), and equal arrays are not compared.
	// Each text is cleaned of escape sequences (tokenised whole) when it is measured and
	// again when it is drawn, in the same frame: the second time is taken from a memo.
	// Every frame was a grid of cells, one object a column, rebuilt into strings row by
	// row: a row written whole by one write from its first column (most rows: a block of
	// lines is one text) is now that line, and a grid row is made only for the others
	// (a row another write also touches gets its line's cells first).
	name: 'ink-frames-faster',
	setup(build) {
		build.onLoad({filter: /[\\/]node_modules[\\/]ink[\\/]build[\\/]squash-text-nodes\.js$/}, async args => ({
			contents: patchText(
				await readFile(args.path, 'utf8'),
				[
					['    return sanitizeAnsi(text);', '    return sanitizedOnce(text);'],
					[
						'const squashTextNodes = ',
						[
							'const sanitized = new Map();',
							'const sanitizedOnce = text => {',
							'    let clean = sanitized.get(text);',
							'    if (clean === undefined) {',
							'        if (sanitized.size >= 256) sanitized.clear();',
							'        clean = sanitizeAnsi(text);',
							'        sanitized.set(text, clean);',
							'    }',
							'    return clean;',
							'};',
							'const squashTextNodes = ',
						].join('\n'),
					],
				],
				'ink squash-text-nodes',
			),
			loader: 'js',
		}));
		build.onLoad(
			{filter: /[\\/]node_modules[\\/]@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]styledChars\.js$/},
			async args => ({
				contents: patchText(
					await readFile(args.path, 'utf8'),
					[
						[
							'ret.push({\n                ...token,\n                styles: [...codes],\n            });',
							'ret.push({type: "char", value: token.value, fullWidth: token.fullWidth, styles: codes});',
						],
						// Only the test before the diff changes.
						[
							'else {\n            ret += ansiCodesToString(diffAnsiCodes(',
							'else if (chars[i - 1].styles !== char.styles) {\n            ret += ansiCodesToString(diffAnsiCodes(',
						],
					],
					'ansi-tokenize',
				),
				loader: 'js',
			}),
		);
		build.onLoad({filter: /[\\/]node_modules[\\/]ink[\\/]build[\\/]output\.js$/}, async args => ({
			contents: patchText(
				await readFile(args.path, 'utf8'),
				[
					['    caches = new OutputCaches();', '    caches = keptOutputCaches();'],
					[
						[
							'        const output = [];',
							'        for (let y = 0; y < this.height; y++) {',
							'            const row = [];',
							'            for (let x = 0; x < this.width; x++) {',
							'                row.push({',
							"                    type: 'char',",
							"                    value: ' ',",
							'                    fullWidth: false,',
							'                    styles: [],',
							'                });',
							'            }',
							'            output.push(row);',
							'        }',
						].join('\n'),
						[
							'        const width = this.width;',
							'        const output = Array.from({length: this.height}, () => undefined);',
							'        const whole = [];',
							'        const cellsOf = row => (output[row] ??= Array.from({length: width}, () => blank));',
						].join('\n'),
					],
					[
						[
							'                for (let [index, line] of lines.entries()) {',
							'                    const currentLine = output[y + offsetY];',
							'                    // Line can be missing if `text` is taller than height of pre-initialized' +
								' `this.output`',
							'                    if (!currentLine) {',
							'                        continue;',
							'                    }',
							'                    for (const transformer of transformers) {',
							'                        line = transformer(line, index);',
							'                    }',
						].join('\n'),
						[
							'                for (let [index, line] of lines.entries()) {',
							'                    const row = y + offsetY;',
							'                    if (row < 0 || row >= this.height) {',
							'                        continue;',
							'                    }',
							'                    for (const transformer of transformers) {',
							'                        line = transformer(line, index);',
							'                    }',
							'                    if (x === 0 && output[row] === undefined && whole[row] === undefined) {',
							'                        whole[row] = line;',
							'                        offsetY++;',
							'                        continue;',
							'                    }',
							'                    const currentLine = cellsOf(row);',
							'                    if (whole[row] !== undefined) {',
							'                        placeChars(this.caches, currentLine, whole[row]);',
							'                        whole[row] = undefined;',
							'                    }',
						].join('\n'),
					],
					[
						[
							'            .map(line => {',
							'            // See https://github.com/vadimdemedes/ink/pull/564#issuecomment-1637022742',
						].join('\n'),
						[
							'            .map((line, row) => {',
							'            if (whole[row] !== undefined) return whole[row].trimEnd();',
							"            if (line === undefined) return '';",
						].join('\n'),
					],
					[
						'export default class Output {',
						[
							'const noStyles = [];',
							"const blank = {type: 'char', value: ' ', fullWidth: false, styles: noStyles};",
							'const placeChars = (caches, cells, line) => {',
							'    let offsetX = 0;',
							'    for (const character of caches.getStyledChars(line)) {',
							'        cells[offsetX] = character;',
							'        const characterWidth = Math.max(1, caches.getStringWidth(character.value));',
							'        for (let index = 1; index < characterWidth; index++) {',
							"            const cell = {type: 'char', value: '', fullWidth: false, styles: character.styles};",
							'            cells[offsetX + index] = cell;',
							'        }',
							'        offsetX += characterWidth;',
							'    }',
							'};',
							'let kept;',
							'const keptOutputCaches = () => {',
							'    const held = kept ? kept.widths.size + kept.blockWidths.size + kept.styledChars.size : 0;',
							'    if (!kept || held > 20_000) kept = new OutputCaches();',
							'    return kept;',
							'};',
							'export default class Output {',
						].join('\n'),
					],
				],
				'ink output',
			),
			loader: 'js',
		}));
	},
};

const grayMatterWithoutItsYaml = {
	// gray-matter loads its own js-yaml 3 at import, though blogread always hands
	// it a YAML engine of its own (source/posts/front-matter.ts).
	name: 'gray-matter-without-its-yaml',
	setup(build) {
		build.onResolve({filter: /^js-yaml$/}, args =>
			args.importer.includes(`${path.sep}gray-matter${path.sep}`)
				? {path: path.join(root, 'scripts', 'gray-matter-yaml.cjs')}
				: undefined,
		);
	},
};

const cursorShownByBlogread = {
	// Ink hides the cursor through cli-cursor, which registers an exit handler that writes
	// "show cursor" to stderr, so `blogread 2>>errors.log` collects one at every run. blogread
	// shows the cursor itself, on the terminal, on every way out (source/ui/run.tsx).
	name: 'cursor-shown-by-blogread',
	setup(build) {
		build.onResolve({filter: /^restore-cursor$/}, () => ({path: 'restore-cursor', namespace: 'no-restore-cursor'}));
		build.onLoad({filter: /.*/, namespace: 'no-restore-cursor'}, () => ({
			contents: 'export default () => {};',
			loader: 'js',
		}));
	},
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
	define: {'process.env.NODE_ENV': '"production"'},
	// Ink loads its devtools only when DEV=true; they are not shipped. ssh2 (blogread serve) loads its
	// optional native crypto binding by a path of its own: it stays a package, loaded from node_modules.
	external: ['react-devtools-core', 'ssh2'],
	// CommonJS dependencies (gray-matter) call require() on Node built-ins.
	banner: {
		js: [
			"import {createRequire as __blogreadRequire} from 'node:module';",
			'const require = __blogreadRequire(import.meta.url);',
		].join(' '),
	},
	chunkNames: 'chunks/[name]-[hash]',
	plugins: [
		onDemandFiles,
		highlightWithoutParse5,
		markedTerminalWithoutTables,
		oneStringWidth,
		yogaWithoutFetch,
		meowWithoutPackageNormalising,
		lazyUnicodeTables,
		grayMatterWithoutItsYaml,
		inkFramesFaster,
		cursorShownByBlogread,
	],
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
 * The files loaded on demand: one per highlight.js language, GitHub's emoji names,
 * node-emoji with its table, the HTML parser, the front matter parsers.
 */
async function bundleOnDemandFiles(outdir) {
	const common = {
		bundle: true,
		format: 'cjs',
		platform: 'node',
		target: 'node20',
		minify: true,
		legalComments: 'none',
		logLevel: 'warning',
		outExtension: {'.js': '.cjs'},
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
		},
		outdir: path.join(outdir, VENDOR),
	});
	await build({
		...common,
		entryPoints: {'front-matter': path.join(root, 'scripts', 'front-matter-parsers.mjs')},
		outdir: path.join(outdir, VENDOR),
		plugins: [grayMatterWithoutItsYaml],
	});
	await writeGemojiNames(outdir);
}

/** Bundles entry points the way the bin is, into `outdir`, with the files they load on demand. */
export async function bundle(entryPoints, outdir) {
	await Promise.all([build({...bundleOptions, entryPoints, outdir}), bundleOnDemandFiles(outdir)]);
}
