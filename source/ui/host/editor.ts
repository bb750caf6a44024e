// How an editor is asked to open a file at a line. Most take `+N` before the
// file; VS Code takes `-g file:N`. An editor not known here gets the file alone.
import path from 'node:path';

const PLUS_LINE = new Set([
	'vi',
	'vim',
	'nvim',
	'gvim',
	'view',
	'nano',
	'emacs',
	'emacsclient',
	'micro',
	'kak',
	'hx',
	'helix',
]);
const GOTO = new Set(['code', 'code-insiders', 'codium', 'vscodium']);

/** The program's name in an $EDITOR value (`/usr/bin/nvim`, `code --wait`, `"C:/x/vim.exe"`). */
export function editorName(editor: string): string {
	const first = editor.trim().split(/\s+/)[0] ?? '';
	return path
		.basename(first.replace(/^["']|["']$/g, ''))
		.replace(/\.exe$/i, '')
		.toLowerCase();
}

/**
 * What follows the editor command: the file, at `line` (from 1) when the editor is known to take one.
 * The file is an absolute path, so it never reads as an option; an unknown editor gets `--` before it as well.
 */
export function editorArguments(editor: string, file: string, line?: number): string[] {
	const name = editorName(editor);
	const at = line !== undefined && Number.isSafeInteger(line) && line > 0 ? line : undefined;
	if (at !== undefined && PLUS_LINE.has(name)) return [`+${at}`, file];
	if (at !== undefined && GOTO.has(name)) return ['-g', `${file}:${at}`];
	if (PLUS_LINE.has(name) || GOTO.has(name)) return [file];
	return ['--', file];
}

/** A word for `sh`, quoted. */
export function shellQuote(text: string): string {
	return `'${text.replace(/'/g, "'\\''")}'`;
}

/** The command line `sh` runs: $EDITOR as the user wrote it (it may hold options), then the quoted arguments. */
export function editorCommand(editor: string, file: string, line?: number): string {
	return [editor, ...editorArguments(editor, file, line).map(shellQuote)].join(' ');
}
