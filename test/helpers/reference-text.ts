// A reference rendering for recall tests: marked's HTML reduced to the text a
// browser shows. Written for the tests only; nothing here is blogread's code.

/** Decodes HTML entities as a browser does. */
export type Decoder = (text: string) => string;

// The named entities the test posts use, for when the `entities` package is not installed.
// Names are case-sensitive, as in HTML. One not listed here fails the test loudly rather than counting as words.
const NAMED: Record<string, string> = {
	aacute: 'á',
	alpha: 'α',
	Amacr: 'Ā',
	amp: '&',
	apos: "'",
	beta: 'β',
	Ccaron: 'Č',
	check: '✓',
	copy: '©',
	deg: '°',
	dollar: '$',
	eacute: 'é',
	frac12: '½',
	gamma: 'γ',
	gt: '>',
	hellip: '…',
	iacute: 'í',
	iuml: 'ï',
	lt: '<',
	mdash: '—',
	nbsp: '\u00A0',
	ne: '≠',
	ouml: 'ö',
	percnt: '%',
	pi: 'π',
	plus: '+',
	quot: '"',
	rcaron: 'ř',
	Ropf: 'ℝ',
	Scaron: 'Š',
	szlig: 'ß',
	Uuml: 'Ü',
};

function smallDecoder(text: string): string {
	return text.replace(
		/&(?:#(\d+)|#x([\da-f]+)|([a-z][a-z\d]*));/gi,
		(entity, decimal, hex, name: string | undefined) => {
			if (name === undefined) {
				const code = decimal === undefined ? Number.parseInt(String(hex), 16) : Number.parseInt(String(decimal), 10);
				return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD';
			}

			const decoded = NAMED[name];
			if (decoded === undefined) throw new Error(`the test's entity table lacks ${entity}: add it to NAMED`);
			return decoded;
		},
	);
}

/** The `entities` package's HTML5 decoder when it is installed, else the small one above. */
export async function decoderOfEntities(): Promise<Decoder> {
	const name = 'entities';
	try {
		const module = (await import(name)) as {decodeHTML?: Decoder};
		if (typeof module.decodeHTML === 'function') return module.decodeHTML;
	} catch {}

	return smallDecoder;
}

// Elements a browser shows as blocks of their own (or line breaks): their tags
// separate words. Inline tags (em, code, a, sup…) do not: `un<em>believ</em>able` is one word.
const BLOCK_TAG = new RegExp(
	`</?(?:${[
		'address article aside blockquote br caption dd details dialog div dl dt fieldset figcaption figure footer form',
		'h[1-6] header hr input li main nav ol p pre section summary table tbody td tfoot th thead tr ul',
	]
		.join(' ')
		.replaceAll(' ', '|')})\\b[^>]*>`,
	'gi',
);
const TAG = /<\/?[a-z][\w-]*(?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*\s*\/?>/gi;

function attribute(tag: string, name: string): string | undefined {
	const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(tag);
	return match?.slice(1).find(value => value !== undefined);
}

/** An address as text and target are compared: no scheme, `www.` or trailing slash, lower case. */
function addressKey(address: string): string {
	return address
		.trim()
		.toLowerCase()
		.replace(/^[a-z][a-z\d+.-]*:(?:\/\/)?/, '')
		.replace(/^www\./, '')
		.replace(/\/+$/, '');
}

function readableAddress(href: string): string {
	try {
		return decodeURI(href);
	} catch {
		return href;
	}
}

/**
 * The text a browser shows for some HTML, with what a reader of the page can
 * also see: an image's alt text and address, and a link's address unless its
 * text already is the address (blogread shows both, without colour, after the
 * text; anchors within the page, `#…`, are not addresses). Entities decoded.
 */
export function htmlToText(html: string, decode: Decoder): string {
	const text = html
		.replace(/<img\b[^>]*>/gi, tag => ` ${attribute(tag, 'alt') ?? ''} ${attribute(tag, 'src') ?? ''} `)
		.replace(/<a\b([^>]*)>([\s\S]*?)<\/a\s*>/gi, (_, attributes: string, inner: string) => {
			const href = decode(attribute(` ${attributes}`, 'href') ?? '');
			const shown = decode(inner.replace(TAG, ''));
			const same = href === '' || href.startsWith('#') || addressKey(href) === addressKey(shown);
			return same ? inner : `${inner} ${readableAddress(href)} `;
		})
		.replace(BLOCK_TAG, ' ')
		.replace(TAG, '');
	return decode(text);
}

/** Applies `change` to the HTML outside `<pre>` and `<code>` elements. */
export function outsideCode(html: string, change: (html: string) => string): string {
	return html
		.split(/(<pre\b[\s\S]*?<\/pre>|<code\b[\s\S]*?<\/code>)/i)
		.map((part, index) => (index % 2 === 0 ? change(part) : part))
		.join('');
}

/** Applies `change` to the Markdown outside fenced code blocks (CommonMark's rule for where a fence ends). */
export function outsideFences(markdown: string, change: (markdown: string) => string): string {
	const parts: string[] = [];
	let prose: string[] = [];
	let code: string[] = [];
	let open: string | undefined;
	for (const line of markdown.split('\n')) {
		const mark = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
		const fence = mark?.[1];
		// A backtick fence's info string has no backticks (else the line is inline code).
		const opens = fence !== undefined && !(fence[0] === '`' && mark?.[2]?.includes('`'));
		if (open === undefined && opens) {
			open = fence;
			parts.push(change(prose.join('\n')));
			prose = [];
			code = [line];
		} else if (open !== undefined) {
			code.push(line);
			if (fence !== undefined && fence[0] === open[0] && fence.length >= open.length && line.trim() === fence) {
				parts.push(code.join('\n'));
				open = undefined;
				code = [];
			}
		} else {
			prose.push(line);
		}
	}

	parts.push(open === undefined ? change(prose.join('\n')) : code.join('\n'));
	return parts.join('\n');
}

/** Applies `change` to Markdown outside inline code spans (`…`, ``…``). */
export function outsideCodeSpans(markdown: string, change: (markdown: string) => string): string {
	return markdown
		.split(/((?<!`)(`+)(?!`)[\s\S]*?(?<!`)\2(?!`))/)
		.filter((_, index) => index % 3 !== 2)
		.map((part, index) => (index % 2 === 0 ? change(part) : part))
		.join('');
}
