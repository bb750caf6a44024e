import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import stripAnsi from 'strip-ansi';
import {renderMarkdown} from '../../source/render/markdown.js';
import {blockMath, inlineMath, MAX_MATH, mathText} from '../../source/render/math.js';
import {createTheme} from '../../source/theme/palette.js';

describe('mathText: LaTeX as the Unicode it can be', () => {
	const cases: Array<[tex: string, text: string]> = [
		['\\alpha + \\beta^2', 'α + β²'],
		['x_1 + x_2 = \\sum_{i=1}^n a_i', 'x₁ + x₂ = ∑ᵢ₌₁ⁿ aᵢ'],
		['\\frac{a}{b}', 'a/b'],
		['\\frac{n+1}{2}', '(n+1)/2'],
		['\\sqrt{2} + \\sqrt{x+1}', '√2 + √(x+1)'],
		['\\mathbb{R}^n', 'ℝⁿ'],
		['\\leq \\geq \\neq \\infty', '≤ ≥ ≠ ∞'],
		['\\hat{x}', 'x̂'],
		['\\not\\in', '∉'],
		['\\text{if } x > 0', 'if x > 0'],
		['\\left( \\frac{1}{2} \\right)', '( 1/2 )'],
		['e^{i\\pi}', 'e^(iπ)'],
		['\\unknown{y}', '\\unknown{y}'],
		['a_1 * b_2', 'a₁ * b₂'],
	];
	for (const [tex, text] of cases) {
		it(`${tex} → ${text}`, () => {
			assert.equal(mathText(tex), text);
		});
	}

	it('shows a formula longer than any post’s as written, and deep groups stop', () => {
		const long = 'x'.repeat(MAX_MATH + 1);
		assert.equal(mathText(long), long);
		assert.doesNotThrow(() => mathText(`${'{'.repeat(10_000)}x${'}'.repeat(10_000)}`.slice(0, MAX_MATH)));
		assert.doesNotThrow(() => mathText('\\frac'.repeat(500)));
	});
});

describe('where maths is', () => {
	const inline: Array<[source: string, tex: string | undefined]> = [
		['$x$ rest', 'x'],
		['$a_1 * b_2$', 'a_1 * b_2'],
		['$$E=mc^2$$ then', 'E=mc^2'],
		['\\(a+b\\) then', 'a+b'],
		['$5 and $10', undefined],
		['$ x$', undefined],
		['$x$5', undefined],
	];
	for (const [source, tex] of inline) {
		it(`inline: ${JSON.stringify(source)}`, () => {
			assert.equal(inlineMath(source)?.tex, tex);
		});
	}

	it('display: $$ on lines of their own, or \\[ \\]', () => {
		assert.equal(blockMath('$$\n\\sum_i x_i\n$$\nafter')?.tex.trim(), '\\sum_i x_i');
		assert.equal(blockMath('\\[ x^2 \\]\n')?.tex.trim(), 'x^2');
		assert.equal(blockMath('$$ a $$ b'), undefined);
	});

	it('renders a post’s maths, never as emphasis, and leaves money and code alone', () => {
		const lines = renderMarkdown(
			[
				'Euler: $e^{i\\pi} + 1 = 0$, and $a_1 * b_2 * c_3$ keeps its stars. It costs $5 and $10.',
				'',
				'$$',
				'\\sum_{i=1}^n i = \\frac{n(n+1)}{2}',
				'$$',
				'',
				'Inline \\(\\alpha \\leq \\beta\\) too; code `$x$` stays.',
			].join('\n'),
			{width: 100, theme: createTheme(0)},
		).lines.map(line => stripAnsi(line));
		assert.deepEqual(lines, [
			'Euler: e^(iπ) + 1 = 0, and a₁ * b₂ * c₃ keeps its stars. It costs $5 and $10.',
			'',
			'∑ᵢ₌₁ⁿ i = (n(n+1))/2',
			'',
			'Inline α ≤ β too; code `$x$` stays.',
		]);
	});
});
