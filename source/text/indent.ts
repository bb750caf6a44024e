/** Lines after a first-line prefix (a bullet, a number, a footnote mark), the rest under it; blank lines stay blank. */
export function indentLines(lines: string[], first: string, rest: string): string[] {
	return lines.map((line, index) => (index === 0 ? first + line : line === '' ? '' : rest + line));
}
