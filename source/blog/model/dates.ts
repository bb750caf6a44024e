// Dates as blogs write them, read as calendar days. The day is always the one
// written: a time and a zone after it never move it (a post dated
// `2022-07-08T01:00:00+09:00` is from the 8th wherever it is read), so no
// string here goes through `new Date(string)`, which would read it as an instant.

/** `YYYY-MM-DD` for a real calendar day (no February 30th), else null. */
export function calendarDate(year: number, month: number, day: number): string | null {
	if (!Number.isInteger(year) || year < 1000 || year > 9999) return null;
	if (month < 1 || month > 12 || day < 1 || day > 31) return null;
	const probe = new Date(Date.UTC(year, month - 1, day));
	if (probe.getUTCMonth() !== month - 1) return null;
	return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

// English month and weekday names, full or short, as generators and RFC 2822 write them.
const MONTH = `(${[
	'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?',
	'aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?',
].join('|')})\\.?`;
const WEEKDAY = `(?:${[
	'mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?',
	'fri(?:day)?|sat(?:urday)?|sun(?:day)?',
].join('|')})\\.?,?\\s+`;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A time of day: `10:00`, `10:00:00.123`, `9:30 pm`, `10am`. */
const CLOCK = `(?:${[
	String.raw`(?:[01]?\d|2[0-4]):[0-5]\d(?::(?:[0-5]\d|60)(?:[.,]\d{1,9})?)?(?:\s*[ap]\.?m\.?)?`,
	String.raw`(?:0?[1-9]|1[0-2])\s*[ap]\.?m\.?`,
].join('|')})`;
/** A zone: `Z`, `+09:00`, `-0700`, `+9` (YAML), `UTC`, `GMT+0900`, `MST`, and a `(name)` after it. */
const ZONE = String.raw`(?:\s*(?:z|[+-]\d{1,2}(?::?\d{2})?|(?:utc|gmt)(?:[+-]\d{1,2}(?::?\d{2})?)?|[a-z]{2,5}))`;
const ZONE_NAME = String.raw`(?:\s*\([^()]{1,60}\))?`;
/** What may follow a date: nothing, or a time with an optional zone (`T10:00Z`, ` 10:00:00 +0000`, `, 9 pm`). */
const TIME = String.raw`(?:(?:t|\s+|,\s*|\s+at\s+)${CLOCK}${ZONE}{0,2}${ZONE_NAME})?`;

/** `2022-07-08`, `2022/07/08`, `2022.07.08`, each with an optional time: ISO 8601, RFC 3339, YAML and TOML. */
const NUMERIC = new RegExp(String.raw`^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})${TIME}$`, 'i');
/** `8 July 2022`, `08 Jul 2022`, `8th of July, 2022`, `08-Jul-22` (RFC 850), RFC 2822 with its weekday. */
const DAY_FIRST = new RegExp(
	String.raw`^(?:${WEEKDAY})?(\d{1,2})(?:st|nd|rd|th)?\.?(?:\s+of)?[\s-]+${MONTH},?[\s-]+(\d{4}|\d{2})${TIME}$`,
	'i',
);
/** `Jul 08 2022`, `July 8, 2022`, `Friday, July 8th, 2022 at 10:00`, `Fri Jul 08 2022 10:00:00 GMT+0900 (JST)`. */
const MONTH_FIRST = new RegExp(
	String.raw`^(?:${WEEKDAY})?${MONTH}\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})${TIME}$`,
	'i',
);
/** `Fri Jul  8 10:00:00 UTC 2022`: what `date` prints, and Go's ANSIC and Unix formats. */
const CLOCK_BEFORE_YEAR = new RegExp(
	String.raw`^(?:${WEEKDAY})?${MONTH}\s+(\d{1,2})\s+${CLOCK}${ZONE}?\s+(\d{4})$`,
	'i',
);

function monthNumber(name: string | undefined): number {
	return MONTHS.indexOf((name ?? '').slice(0, 3).toLowerCase()) + 1;
}

/** A two-digit year as RFC 2822 reads it: 00–49 are 2000–2049, 50–99 are 1950–1999. */
function fullYear(written: string): number {
	const year = Number(written);
	if (written.length === 4) return year;
	return year < 50 ? 2000 + year : 1900 + year;
}

/** The calendar day a date string names, as written; null when it names none. */
export function parseDateText(text: string): string | null {
	const value = text.trim();
	// No date spelling is this long: anything longer is not read at all.
	if (value.length < 8 || value.length > 100) return null;
	let match = NUMERIC.exec(value);
	if (match) return calendarDate(Number(match[1]), Number(match[3]), Number(match[4]));
	match = DAY_FIRST.exec(value);
	if (match?.[3]) return calendarDate(fullYear(match[3]), monthNumber(match[2]), Number(match[1]));
	match = MONTH_FIRST.exec(value) ?? CLOCK_BEFORE_YEAR.exec(value);
	if (match) return calendarDate(Number(match[3]), monthNumber(match[1]), Number(match[2]));
	return null;
}

/**
 * The calendar date a front-matter value names. Strings keep the day as
 * written; a TOML date prints itself as written (offset included), so it
 * keeps its day too; any other JS Date is read in UTC, where YAML parsers put
 * a bare date. Numbers are not dates: `20220708` and Unix times are left alone.
 */
export function toCalendarDate(value: unknown): string | null {
	if (value instanceof Date) {
		if (Number.isNaN(value.getTime())) return null;
		return parseDateText(value.toISOString());
	}

	return typeof value === 'string' ? parseDateText(value) : null;
}

/**
 * A file or bundle folder name that starts with a date, as Jekyll, Hexo, Hugo
 * and Zola read it: `2021-11-29-my-post`, `2021-11-29_my-post` (Zola),
 * `2021-11-29T10:00:00Z-my-post` (Zola's RFC 3339 form). `rest` is the name
 * after the date, the post's slug; a name that is only a date (a daily note) keeps it.
 */
const DATED_NAME = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2})?(?:Z|[+-]\d{2}:?\d{2})?)?(?:[-_](.+))?$/;

/**
 * The date in a post's address, as a site generator builds it from one: Zola's
 * `path = "2014/12/12/core-team"`, a Jekyll `permalink: /2014/12/12/x.html`,
 * a `url` or a `slug` in that shape: a year, month and day as whole segments,
 * in that order. A `slug` may also start with the date (`2014-12-12-x`).
 */
const ADDRESS_DATE = /(?:^|\/)(\d{4})\/(\d{1,2})\/(\d{1,2})(?:\/|\.|$)/;

export function addressDate(address: string, isSlug = false): string | null {
	const match = ADDRESS_DATE.exec(address);
	if (match) return calendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
	return isSlug ? (datedName(address)?.date ?? null) : null;
}

export function datedName(stem: string): {date: string; rest: string | null} | null {
	const match = DATED_NAME.exec(stem);
	if (!match) return null;
	const date = calendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
	return date === null ? null : {date, rest: match[4] ?? null};
}
