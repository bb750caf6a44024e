import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import type {Post} from '../../source/blog/model/model.js';
import {fieldText, formatLines, parseListFormat, TAB_SEPARATED} from '../../source/cli/list-format.js';
import {UserError} from '../../source/util/errors.js';
import {makePost} from '../helpers/posts.js';

const dated = makePost(
	{title: 'Tuning the collector', date: '2025-07-15', tags: ['Go', 'performance'], author: 'Ines Duarte'},
	'Some words here.',
	'2025-07-15-tuning.md',
);
const bare = makePost({title: 'Untitled thoughts'}, 'Text.', 'thoughts.md');
// A file name may hold any byte but `/` and NUL: here a tab, a line break and an escape.
const odd: Post = {...makePost({title: 'Odd name'}, 'Text.', 'odd.md'), path: 'odd\tname\n\u001B[31m.md'};

describe('--list into a pipe: tab-separated date, slug, title and tags', () => {
	it('is unpadded, with - for a missing date or no tags, and tags joined by commas', () => {
		assert.equal(
			formatLines([dated, bare], TAB_SEPARATED),
			'2025-07-15\ttuning\tTuning the collector\tGo,performance\n-\tthoughts\tUntitled thoughts\t-\n',
		);
	});

	it('every line has exactly four fields, whatever a file name holds', () => {
		const lines = formatLines([dated, bare, odd], parseListFormat('{path}\\t{slug}\\t{title}\\t{tags}'));
		const rows = lines.trimEnd().split('\n');
		assert.equal(rows.length, 3);
		for (const row of rows) assert.equal(row.split('\t').length, 4, row);
		assert.equal(rows[2], 'odd^Iname^J^[[31m.md\todd\tOdd name\t-');
	});
});

describe('--format', () => {
	const layouts: Array<[string, string, string]> = [
		['fields and text', '{date}  {title} ({words} words)', '2025-07-15  Tuning the collector (3 words)'],
		['any case of a field name', '{Date} {READINGMINUTES} {readingminutes}', '2025-07-15 1 1'],
		['\\t is a tab, \\\\ a backslash', '{slug}\\t{author}\\\\', 'tuning\tInes Duarte\\'],
		['braces that are not a field stay', '{ {slug} }', '{ tuning }'],
		['null and false values', '{excerpt}|{draft}|{languages}|{categories}', '-|false|-|-'],
	];
	for (const [name, layout, line] of layouts) {
		it(name, () => {
			assert.equal(formatLines([dated], parseListFormat(layout)), `${line}\n`);
		});
	}

	const bad: Array<[string, string, string]> = [
		[
			'an unknown field',
			'{date} {titel}',
			'--format: unknown field {titel} (fields: title, date, dateSource, updated, tags, categories, author, excerpt, ' +
				'cover, lang, languages, path, slug, draft, words, readingMinutes, warnings)',
		],
		['a field of the model that --json leaves out', '{titleFromHeading}', '--format: unknown field {titleFromHeading}'],
		[
			'no field at all',
			'date,slug,title',
			`--format needs {field} names, as in --format '{date}\\t{slug}\\t{title}', got "date,slug,title"`,
		],
	];
	for (const [name, layout, message] of bad) {
		it(`${name} is a usage error naming it`, () => {
			assert.throws(
				() => parseListFormat(layout),
				(error: unknown) => error instanceof UserError && error.exitCode === 2 && error.message.startsWith(message),
			);
		});
	}
});

describe('fieldText', () => {
	const cases: Array<[unknown, string]> = [
		[null, '-'],
		['', '-'],
		[[], '-'],
		[['a', 'b c'], 'a,b c'],
		[0, '0'],
		[true, 'true'],
		['bidi \u202Eevil', 'bidi <U+202E>evil'],
		['carriage\rreturn', 'carriage^Mreturn'],
	];
	for (const [value, text] of cases) {
		it(`${JSON.stringify(value)} → ${text}`, () => {
			assert.equal(fieldText(value), text);
		});
	}
});
