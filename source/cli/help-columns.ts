// The two columns of --help: a flag or keys, and what it does, wrapped so that
// no line is wider than HELP_WIDTH, the width of a terminal that does not say
// its size and the narrowest most people read help in.

export const HELP_WIDTH = 80;

/**
 * `text` in lines of at most `width` characters, broken between words (a
 * longer word has a line of its own). Its own line breaks are spaces; two
 * spaces in a row stay two within a line (an example's layout).
 */
export function wrapWords(text: string, width: number): string[] {
	const lines: string[] = [];
	let line = '';
	for (const word of text.split(/\n| /)) {
		if (line === '') line = word;
		else if (line.length + 1 + word.length <= width) line += ` ${word}`;
		else {
			lines.push(line.trimEnd());
			line = word;
		}
	}

	lines.push(line.trimEnd());
	return lines;
}

/**
 * `name` padded to `column`, then `description` wrapped to the columns left,
 * its further lines indented to `column`; a name that fills its column has a
 * line of its own.
 */
export function helpRow(name: string, description: string, column: number): string {
	const [first = '', ...rest] = wrapWords(description, HELP_WIDTH - column);
	const indent = ' '.repeat(column);
	const head = name.length < column ? name.padEnd(column) + first : `${name}\n${indent}${first}`;
	return [head, ...rest.map(line => indent + line)].join('\n');
}
