// Writes source/pictures/kitty-diacritics.ts: the combining marks kitty's Unicode placeholders
// number rows and columns with. The graphics protocol defines them as the marks of Unicode 6.0
// that are nonspacing (Mn), combine above (class 230), and neither decompose nor appear in any
// canonical decomposition (so normalising text never changes them), in code point order.
// Run with the Unicode Character Database's folder (Debian's unicode-data package has it):
//   node scripts/kitty-diacritics.mjs /usr/share/unicode
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

const ucd = process.argv[2] ?? '/usr/share/unicode';
const dataLines = file =>
	readFileSync(path.join(ucd, file), 'utf8')
		.split('\n')
		.map(line => line.split('#')[0]?.trim() ?? '')
		.filter(line => line !== '');

const age = new Map();
for (const line of dataLines('DerivedAge.txt')) {
	const [range = '', version = ''] = line.split(';').map(field => field.trim());
	const [first = '', last = first] = range.split('..');
	const [major = 0, minor = 0] = version.split('.').map(Number);
	for (let code = Number.parseInt(first, 16); code <= Number.parseInt(last, 16); code++)
		age.set(code, major * 100 + minor);
}

const characters = dataLines('UnicodeData.txt').map(line => line.split(';'));
const inDecompositions = new Set(
	characters
		.map(fields => fields[5] ?? '')
		.filter(mapping => mapping !== '' && !mapping.startsWith('<'))
		.flatMap(mapping => mapping.split(' ').map(code => Number.parseInt(code, 16))),
);
const marks = characters
	.filter(([, , category, combining, , mapping]) => category === 'Mn' && combining === '230' && mapping === '')
	.map(([code = '']) => Number.parseInt(code, 16))
	.filter(code => !inDecompositions.has(code) && (age.get(code) ?? Number.POSITIVE_INFINITY) <= 600);

const hex = code => `0x${code.toString(16).toUpperCase().padStart(4, '0')}`;
const rows = [];
for (let index = 0; index < marks.length; index += 10)
	rows.push(
		`\t${marks
			.slice(index, index + 10)
			.map(hex)
			.join(', ')},`,
	);
writeFileSync(
	path.join(import.meta.dirname, '..', 'source', 'pictures', 'kitty-diacritics.ts'),
	[
		'// Written by scripts/kitty-diacritics.mjs from the Unicode Character Database: the combining marks that',
		"// number a kitty Unicode placeholder's row and column (the first is 0), as the graphics protocol defines them.",
		'export const KITTY_DIACRITICS: readonly number[] = [',
		...rows,
		'];',
		'',
	].join('\n'),
);
console.log(`${marks.length} marks`);
