import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {parse as parseToml} from 'smol-toml';
import {parseFrontMatter} from '../../../source/blog/load/front-matter.js';
import {addressDate, calendarDate, datedName, toCalendarDate} from '../../../source/blog/model/dates.js';

describe('toCalendarDate: every spelling keeps the day as written', () => {
	const cases: Array<[unknown, string | null]> = [
		// ISO 8601 and RFC 3339, with and without a time and a zone: the zone never moves the day.
		['2022-07-08', '2022-07-08'],
		['2022-7-8', '2022-07-08'],
		['2022-07-08T10:00:00+09:00', '2022-07-08'],
		['2022-07-08T01:00:00+09:00', '2022-07-08'],
		['2022-07-08T23:30:00-08:00', '2022-07-08'],
		['2022-07-08T10:00:00Z', '2022-07-08'],
		['2022-07-08T10:00:00.000Z', '2022-07-08'],
		['2022-07-08T10:00', '2022-07-08'],
		['2022-07-08t10:00:00z', '2022-07-08'],
		['2022-07-08 10:00', '2022-07-08'],
		['2022-07-08 10:00:00 +0900', '2022-07-08'],
		// YAML timestamps: a space before the zone, a one-digit hour and zone.
		['2001-12-14 21:59:43.10 -5', '2001-12-14'],
		['2001-12-15 2:59:43.10', '2001-12-15'],
		// Go's time.String(), which Hugo users paste.
		['2022-07-08 10:00:00.5 -0700 MST', '2022-07-08'],
		// Slashes and dots.
		['2022/07/08', '2022-07-08'],
		['2022/7/8 10:00', '2022-07-08'],
		['2022.07.08', '2022-07-08'],
		// Month names: the Astro template's `Jul 08 2022`, and the other common orders.
		['Jul 08 2022', '2022-07-08'],
		['Jul 8, 2022', '2022-07-08'],
		['July 8, 2022', '2022-07-08'],
		['july 8 2022', '2022-07-08'],
		['Jul. 8, 2022', '2022-07-08'],
		['Sept 30, 2021', '2021-09-30'],
		['July 8th, 2022', '2022-07-08'],
		['July 8, 2022 10:00 AM', '2022-07-08'],
		['July 8, 2022, 9:30 pm', '2022-07-08'],
		['Friday, July 8, 2022 at 10:00', '2022-07-08'],
		['8 July 2022', '2022-07-08'],
		['08 Jul 2022', '2022-07-08'],
		['8th of July, 2022', '2022-07-08'],
		['8-Jul-2022', '2022-07-08'],
		// RFC 2822 (RSS), RFC 850, JS Date.toString() and date(1).
		['Fri, 08 Jul 2022 10:00:00 +0000', '2022-07-08'],
		['Fri, 08 Jul 2022 23:59:59 -1200', '2022-07-08'],
		['Fri, 8 Jul 2022 10:00:00 GMT', '2022-07-08'],
		['Friday, 08-Jul-22 10:00:00 GMT', '2022-07-08'],
		['Fri Jul 08 2022 10:00:00 GMT+0900 (Japan Standard Time)', '2022-07-08'],
		['Fri Jul  8 10:00:00 UTC 2022', '2022-07-08'],
		['Mon Jan  2 15:04:05 2006', '2006-01-02'],
		// Two-digit years only where a month name keeps them apart from the day (RFC 2822's rule).
		['08 Jul 22', '2022-07-08'],
		['01 Jan 70', '1970-01-01'],
		['Jul 08 22', null],
		['22-07-08', null],
		// Days that do not exist.
		['2022-02-30', null],
		['2023-02-29', null],
		['2024-02-29', '2024-02-29'],
		['2022-13-01', null],
		['2022-00-10', null],
		['2022-04-31', null],
		['Feb 30, 2022', null],
		['31 April 2022', null],
		['0001-01-01', null],
		// Ambiguous or not dates at all.
		['07/08/2022', null],
		['08.07.2022', null],
		['2022-07', null],
		['2022', null],
		['someday', null],
		['TBD', null],
		['2022-07-08 and some words', null],
		['2022-07-08T25:00', null],
		['July 32, 2022', null],
		['Smarch 8, 2022', null],
		['', null],
		['   ', null],
		[`2022-07-08${' '.repeat(200)}x`, null],
		// Numbers are not dates; nor is anything else.
		[20220708, null],
		[1657238400, null],
		[true, null],
		[null, null],
		[undefined, null],
		[['2022-07-08'], null],
		[{date: '2022-07-08'}, null],
		// JS Dates: read in UTC (a bare YAML date is UTC midnight); an invalid one is none.
		[new Date(Date.UTC(2025, 6, 15)), '2025-07-15'],
		[new Date(Number.NaN), null],
	];
	for (const [input, expected] of cases) {
		it(`${JSON.stringify(input) ?? String(input)} → ${String(expected)}`, () => {
			assert.equal(toCalendarDate(input), expected);
		});
	}
});

describe('TOML and YAML dates as their parsers give them', () => {
	const toml: Array<[string, string | null]> = [
		['2022-07-08', '2022-07-08'],
		['2022-07-08T01:00:00+09:00', '2022-07-08'],
		['2022-07-08T23:30:00-08:00', '2022-07-08'],
		['2022-07-08T23:00:00', '2022-07-08'],
		['2022-07-08 23:30:00Z', '2022-07-08'],
		['10:00:00', null],
	];
	for (const [written, expected] of toml) {
		it(`TOML date = ${written} → ${String(expected)}`, () => {
			assert.equal(toCalendarDate(parseToml(`date = ${written}`)['date']), expected);
		});
	}

	const yaml: Array<[string, string | null]> = [
		['2022-07-08', '2022-07-08'],
		['2022-07-08T01:00:00+09:00', '2022-07-08'],
		["'Jul 08 2022'", '2022-07-08'],
		['Fri, 08 Jul 2022 10:00:00 +0000', '2022-07-08'],
		['20220708', null],
	];
	for (const [written, expected] of yaml) {
		it(`YAML date: ${written} → ${String(expected)}`, () => {
			const {data} = parseFrontMatter(`---\ndate: ${written}\n---\n`);
			assert.equal(toCalendarDate(data['date']), expected);
		});
	}
});

describe('calendarDate', () => {
	it('pads and checks the day', () => {
		assert.equal(calendarDate(2022, 7, 8), '2022-07-08');
		assert.equal(calendarDate(2022, 2, 29), null);
		assert.equal(calendarDate(999, 1, 1), null);
		assert.equal(calendarDate(2022.5, 1, 1), null);
	});
});

describe('datedName: a date at the start of a file or bundle folder name', () => {
	const cases: Array<[string, {date: string; rest: string | null} | null]> = [
		['2021-11-29-my-post', {date: '2021-11-29', rest: 'my-post'}],
		['2021-11-29_my-post', {date: '2021-11-29', rest: 'my-post'}],
		['2021-11-29T10:00:00Z-my-post', {date: '2021-11-29', rest: 'my-post'}],
		['2021-11-29T10:00:00+09:00_my-post', {date: '2021-11-29', rest: 'my-post'}],
		['2021-11-29', {date: '2021-11-29', rest: null}],
		['2021-02-30-not-a-day', null],
		['2021-11-29my-post', null],
		['21-11-29-my-post', null],
		['my-post-2021-11-29', null],
		['2021-11-29-', null],
	];
	for (const [stem, expected] of cases) {
		it(`${stem} → ${JSON.stringify(expected)}`, () => {
			assert.deepEqual(datedName(stem), expected);
		});
	}
});

describe('addressDate: the date in a post’s address (Zola path, permalink, url, slug)', () => {
	const cases: Array<[address: string, isSlug: boolean, date: string | null]> = [
		['2014/12/12/Core-Team', false, '2014-12-12'],
		['/2014/12/12/x.html', false, '2014-12-12'],
		['blog/2014/2/3/', false, '2014-02-03'],
		['https://example.org/2019/05/01/y/', false, '2019-05-01'],
		['2014/13/12/not-a-month', false, null],
		['2014/02/30/no-such-day', false, null],
		['12345/12/12/five-digits', false, null],
		['posts/2014/only-a-year', false, null],
		['2014-12-12-x', false, null],
		['2014-12-12-x', true, '2014-12-12'],
		['plain-slug', true, null],
	];
	for (const [address, isSlug, date] of cases) {
		it(`${JSON.stringify(address)}${isSlug ? ' (a slug)' : ''} → ${date}`, () => {
			assert.equal(addressDate(address, isSlug), date);
		});
	}
});
