// blogread's man page (man/blogread.1), made from the flag table and the
// keymap, as --help and the README's keys table are: `npm run docs` writes it,
// test/docs/man-page.test.ts checks it is current and that man reads it cleanly.
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {type FlagSpec, flags, longSpelling} from '../../source/cli/flags.js';
import {SCREENS, viewRows} from './keys-table.js';

const root = path.join(import.meta.dirname, '..', '..');
export const MAN_PAGE = path.join(root, 'man', 'blogread.1');

/** Text as roff prints it: backslashes escaped, a leading dot or quote kept as text, dashes as minus signs. */
function roff(text: string): string {
	return text
		.replaceAll('\\', '\\e')
		.replace(/-/g, '\\-')
		.replace(/^(?=[.'])/gm, '\\&');
}

/** Keys as the README's table writes them (in backticks), as bold text. */
const keysText = (keys: string) => roff(keys.replaceAll('\\|', '|')).replace(/`([^`]+)`/g, '\\fB$1\\fR');

function options(): string {
	return (Object.entries(flags) as Array<[string, FlagSpec]>)
		.map(([name, spec]) => {
			const long = `\\fB${roff(longSpelling(name, spec))}\\fR`;
			const short = spec.short === undefined ? '' : `\\fB${roff(`-${spec.short}`)}\\fR, `;
			const value = spec.value === undefined ? '' : ` \\fI${roff(spec.value)}\\fR`;
			return `.TP\n${short}${long}${value}\n${roff(spec.help.replace(/\n/g, ' '))}`;
		})
		.join('\n');
}

function keys(): string {
	return SCREENS.map(([view, name]) => {
		const rows = viewRows(view).map(([keys, does]) => `.TP\n${keysText(keys)}\n${roff(does.replaceAll('\\|', '|'))}`);
		return `.SS In the ${roff(name)}\n${rows.join('\n')}`;
	}).join('\n');
}

export function manPage(): string {
	const {version} = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {version: string};
	return `.\\" Made by \`npm run docs\` from blogread's flag table and keymap: edit those, not this.
.TH BLOGREAD 1 "" "blogread ${version}" "User Commands"
.SH NAME
blogread \\- read a blog of Markdown posts in the terminal
.SH SYNOPSIS
.B blogread
.RI [ path ]
.RI [ options ]
.br
.B blogread serve
.RI [ path ]
.RB [ \\-\\-listen
.IR host : port ]
.RI [ options ]
.br
.B blogread completion
.BR bash | zsh | fish
.SH DESCRIPTION
.B blogread
lists the posts of a folder of Markdown files with front matter (a blog kept in git, a Hugo,
Jekyll, Hexo, Astro, Eleventy, Zola or Gatsby site, a folder of notes), newest first, with their
dates and tags. Filter by tag and search from the keyboard; open a post to read it rendered, with
headings, lists, tables, highlighted code and footnotes.
.PP
.I path
is a folder of posts (searched recursively) or one post file; by default
.BR $BLOGREAD_DIR ,
else the config's folder, else
.I ./posts
when it exists, else the current folder.
When stdout is not a terminal, a folder is printed as
.B \\-\\-list
and a file as
.BR \\-\\-print .
.PP
.B blogread serve
lets others read the blog over SSH
.RB ( "blogread serve \\-\\-help"
lists its options);
.B blogread completion
prints the completion script for a shell.
.SH OPTIONS
${options()}
.SH KEYS
Press \\fB?\\fR in the app for the keys of the screen you are on.
${keys()}
.SH ENVIRONMENT
.TP
.B BLOGREAD_DIR
the folder read when no path is given
.TP
.B BLOGREAD_THEME
dark, light or auto
.TP
.BR NO_COLOR ", " FORCE_COLOR
turn colour off, or force it on
.TP
.BR VISUAL ", " EDITOR
the editor \\fBe\\fR opens a post in
.TP
.B PAGER
the pager of \\fB\\-\\-pager\\fR (default: less \\-R)
.TP
.BR XDG_CONFIG_HOME ", " XDG_CACHE_HOME ", " XDG_STATE_HOME
where the config, the index and the reading state are kept
.SH FILES
.TP
.I $XDG_CONFIG_HOME/blogread/config.json
defaults: folder, theme, width, sort, center, drafts, section, state
.TP
.I $XDG_CACHE_HOME/blogread/
the index of each blog and the search words of its posts (safe to delete)
.TP
.I $XDG_STATE_HOME/blogread/
the reading state: where each post was left, and which were read
.SH EXIT STATUS
0 done; 1 a failure (a post not found, a file that cannot be read); 2 a usage error.
.SH EXAMPLES
.nf
blogread ~/src/my\\-blog
blogread \\-\\-tag go \\-\\-list
blogread \\-\\-print welcome\\-to\\-blogread | less \\-R
blogread \\-\\-list | fzf | cut \\-f2 | xargs blogread \\-\\-print
blogread serve ~/blog \\-\\-listen 0.0.0.0:2222
.fi
.SH SEE ALSO
.BR less (1),
.BR ssh (1)
`;
}

if (process.argv.includes('--write')) writeFileSync(MAN_PAGE, manPage());
