// The help text (--help, and meow's), the one-line usage and the version.
import {createRequire} from 'node:module';
import {helpRows} from './keymap.js';

const keyLines = (view: 'list' | 'reader') =>
	helpRows(view)
		.map(row => `    ${row.keys.padEnd(22)}${row.description}`)
		.join('\n');

export const help = `
  Usage
    $ blogread [path] [options]

  path: a folder of Markdown posts (searched recursively) or one post file.
  Default: $BLOGREAD_DIR, else ./posts when it exists, else the current folder.

  Options
    -t, --tag <tag>        only posts with this tag (repeat: every tag must match)
    -s, --search <text>    only posts matching the text (title, excerpt, tags, author, body)
    -l, --list             print the matching posts and exit
        --json             with --list: print a JSON array instead of lines
    -p, --print <post>     print one rendered post and exit (a file path, or a slug from the list)
    -w, --width <cols>     wrap width for printed output (default: terminal width, else 80)
        --drafts           include drafts (draft: true, published: false)
        --no-color         plain text (NO_COLOR=1 does the same; FORCE_COLOR forces colour)
        --pager            show printed output through $PAGER (default: less -R)
        --center           centre the reading column in a wide terminal
        --lang <code>      for translated posts (post.en.md, post.fr.md), the language to show
        --theme <name>     dark, light or auto (default: $BLOGREAD_THEME, else dark;
                           auto reads the background from COLORFGBG)
    -h, --help             show this help
    -v, --version          show the version

  When stdout is not a terminal, a folder is printed as --list and a file as --print.
  Defaults can be set in $XDG_CONFIG_HOME/blogread/config.json (~/.config/...):
  {"folder": "~/blog", "theme": "light", "width": 90, "sort": "date", "center": true, "drafts": false}

  Keys in the post list
${keyLines('list')}

  Keys in the reader
${keyLines('reader')}

  Examples
    $ blogread ~/src/my-blog
    $ blogread --tag go --list
    $ blogread --print welcome-to-blogread | less -R
`;

export const USAGE = 'Usage: blogread [path] [options] (blogread --help lists them)';

/**
 * The version in package.json, read from a module's URL: package.json sits one
 * folder up from the entry files (source/cli.tsx, dist/cli.js, dist/program.cjs).
 */
export function version(entryUrl: string): string {
	const pkg = createRequire(entryUrl)('../package.json') as {version?: string};
	return pkg.version ?? 'unknown';
}
