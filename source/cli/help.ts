// The help text (--help), the one-line usage shown after a usage error, and the
// version. The options come from the flag table and the keys from the keymap.
import {createRequire} from 'node:module';
import {glyphsFor, localeIsUnicode} from '../theme/glyphs.js';
import {helpRows} from '../ui/keys/keymap.js';
import {flagHelp} from './flags.js';
import {helpRow} from './help-columns.js';

/** Where the keys' descriptions start. */
const KEY_COLUMN = 26;

const keyLines = (view: 'list' | 'reader', ascii: boolean) =>
	helpRows(view, glyphsFor(ascii))
		.map(row => helpRow(`    ${row.keys}`, row.description, KEY_COLUMN))
		.join('\n');

/** The --help text; the keys' arrows in ASCII where the locale is not UTF-8. */
export function helpText(env: NodeJS.ProcessEnv): string {
	const ascii = !localeIsUnicode(env);
	return `  Usage
    $ blogread [path] [options]

  path: a folder of Markdown posts (searched recursively) or one post file.
  Default: $BLOGREAD_DIR, else ./posts when it exists, else the current folder.

  Options
${flagHelp()}

  When stdout is not a terminal, a folder is printed as --list and a file as
  --print; --list there prints tab-separated date, slug, title and tags (- when
  missing). Defaults can be set in $XDG_CONFIG_HOME/blogread/config.json
  (~/.config/...), for example:
  {"folder": "~/blog", "theme": "light", "width": 90, "sort": "date",
   "center": true, "drafts": false}

  Keys in the post list
${keyLines('list', ascii)}

  Keys in the reader
${keyLines('reader', ascii)}

  Examples
    $ blogread ~/src/my-blog
    $ blogread --tag go --list
    $ blogread --print welcome-to-blogread | less -R
    $ blogread --list | fzf | cut -f2 | xargs blogread --print

  Serve the blog over SSH (blogread serve --help)
    $ blogread serve ~/blog --listen 0.0.0.0:2222

  Shell completion, the blog's tags and posts included (the README says where)
    $ blogread completion bash|zsh|fish
`;
}

export const USAGE = 'Usage: blogread [path] [options] (blogread --help lists them)';

/** The version in package.json, which sits one folder up from the bin (dist/cli.js) and from source/cli. */
export function version(): string {
	const require = createRequire(import.meta.url);
	for (const candidate of ['../package.json', '../../package.json']) {
		try {
			const pkg = require(candidate) as {name?: string; version?: string};
			if (pkg.name === 'blogread') return pkg.version ?? 'unknown';
		} catch {
			// Not this one.
		}
	}

	return 'unknown';
}
