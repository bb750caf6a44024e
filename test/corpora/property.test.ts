import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import fc from 'fast-check';
import {frontMatterBody, parseFrontMatter} from '../../source/blog/load/front-matter.js';
import {normalisePost} from '../../source/blog/model/normalise.js';
import {renderPostPage} from '../../source/render/post-page.js';
import {displayWidth} from '../../source/text/width.js';
import {createTheme} from '../../source/theme/palette.js';
import {foreignControls} from '../helpers/hostile.js';

// Pieces of Markdown syntax, control characters and wide text, so random
// posts hit the parser's corners far more often than random bytes would.
const pieces = [
	'*',
	'**',
	'_',
	'__',
	'~~',
	'`',
	'```',
	'~~~',
	'[',
	']',
	'(',
	')',
	'<',
	'>',
	'!',
	'#',
	'# ',
	'## ',
	'- ',
	'* ',
	'1. ',
	'> ',
	'|',
	'---',
	'\n',
	'\n\n',
	'    ',
	'\t',
	' ',
	'[^1]',
	'[^1]: ',
	'[^x]',
	':tada:',
	'&amp;',
	'&#27;',
	'&#x9b;',
	'&#7;',
	'<br>',
	'<!--',
	'-->',
	'<div>',
	'</div>',
	'https://example.com',
	'[a](https://x.y)',
	'![i](p.png)',
	'\u001B',
	'\u001B[31m',
	'\u001B]52;c;eA==\u0007',
	'\u0007',
	'\b',
	'\r',
	'\u0000',
	'\u009B',
	'\u202E',
	'\u2063',
	'\u2064',
	'word',
	'text ',
	'日本語',
	'🎉',
	'é',
	'e\u0301',
	'x'.repeat(90),
];
const markdown = fc.array(fc.constantFrom(...pieces), {maxLength: 120}).map(parts => parts.join(''));
const frontMatter = fc
	.record({
		fence: fc.constantFrom('---', '---yaml', '---js', '+++', '{', ''),
		lines: fc.array(
			fc.tuple(
				fc.constantFrom('title', 'date', 'tags', 'author', 'draft', 'category', 'x'),
				fc.string({maxLength: 30}),
			),
			{maxLength: 6},
		),
	})
	.map(({fence, lines}) => {
		const body = lines
			.map(([key, value]) => (fence === '+++' ? `${key} = ${JSON.stringify(value)}` : `${key}: ${value}`))
			.join('\n');
		if (fence === '') return '';
		if (fence === '{')
			return `{${lines.map(([key, value]) => `${JSON.stringify(key)}: ${JSON.stringify(value)}`).join(', ')}}\n`;
		return `${fence}\n${body}\n${fence === '+++' ? '+++' : '---'}\n`;
	});

describe('random posts', () => {
	it('never throw, never write a foreign control sequence, never overflow the width', () => {
		fc.assert(
			fc.property(
				frontMatter,
				markdown,
				fc.integer({min: 20, max: 140}),
				fc.constantFrom(0, 1, 3),
				fc.boolean(),
				(front, body, width, level, hyperlinks) => {
					const parsed = parseFrontMatter(front + body);
					assert.equal(frontMatterBody(front + body), parsed.body);
					const post = normalisePost({
						relativePath: 'random.md',
						absolutePath: '/random.md',
						data: parsed.data,
						body: parsed.body,
						warnings: parsed.warnings,
					});
					const {lines} = renderPostPage(post, parsed.body, {
						width,
						theme: createTheme(level as 0 | 1 | 3),
						hyperlinks,
					});
					for (const line of lines) {
						assert.deepEqual(foreignControls(line), []);
						assert.ok(displayWidth(line) <= width);
						if (level === 0) assert.ok(!line.includes('\u001B'));
					}

					for (const field of [post.title, post.author ?? '', ...post.tags, ...post.warnings])
						assert.deepEqual(foreignControls(field), []);
				},
			),
			{numRuns: 300, seed: 20_261_129},
		);
	});
});
