import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import stripAnsi from 'strip-ansi';
import {renderMarkdown} from '../../source/render/markdown.js';
import {createTheme} from '../../source/theme/palette.js';

function render(markdown: string, theme = createTheme(0), width = 60): string[] {
	return renderMarkdown(markdown, {width, theme}).lines.map(line => stripAnsi(line));
}

describe('GitHub alerts', () => {
	const kinds: Array<[string, string]> = [
		['NOTE', 'ℹ Note'],
		['TIP', '★ Tip'],
		['IMPORTANT', '◆ Important'],
		['WARNING', '⚠ Warning'],
		['CAUTION', '✖ Caution'],
	];
	for (const [marker, label] of kinds) {
		for (const spelled of [marker, marker.toLowerCase(), marker[0] + marker.slice(1).toLowerCase()]) {
			it(`[!${spelled}] is a labelled callout`, () => {
				assert.deepEqual(render(`> [!${spelled}]\n> Keep the lamp lit.`), [`│ ${label}`, '│ Keep the lamp lit.']);
			});
		}
	}

	it('keeps every block of the body, with its inline styles', () => {
		const source = '> [!TIP]\n> Use **both** hands.\n>\n> - one\n> - two\n>\n> ```sh\n> make\n> ```';
		assert.deepEqual(render(source, createTheme(1)), [
			'│ ★ Tip',
			'│ Use both hands.',
			'│',
			'│ • one',
			'│ • two',
			'│',
			'│ ┌─ sh',
			'│ │ make',
			'│ └─',
		]);
	});

	it('keeps text written on the marker line', () => {
		assert.deepEqual(render('> [!WARNING] Hot surface.\n> Wait a minute.'), [
			'│ ⚠ Warning',
			'│ Hot surface. Wait a minute.',
		]);
	});

	it('colours each kind in its own role, bar and label', () => {
		const theme = createTheme(1);
		const roles = {
			NOTE: theme.alertNote,
			TIP: theme.alertTip,
			IMPORTANT: theme.alertImportant,
			WARNING: theme.alertWarning,
			CAUTION: theme.alertCaution,
		};
		const opening = new Set<string>();
		for (const [marker, role] of Object.entries(roles)) {
			const [label = ''] = renderMarkdown(`> [!${marker}]\n> x`, {width: 40, theme}).lines;
			const code = role('│').slice(0, role('│').indexOf('│'));
			assert.ok(code !== '' && label.startsWith(code), `${marker}: ${JSON.stringify(label)}`);
			opening.add(code);
		}

		assert.equal(opening.size, 5, 'five colours');
	});

	it('wraps the body to the width, behind the bar', () => {
		const lines = render(`> [!NOTE]\n> ${'word '.repeat(30)}`, createTheme(0), 30);
		assert.ok(lines.length > 3);
		for (const line of lines) {
			assert.ok(line.length <= 30, line);
			assert.ok(line.startsWith('│ '), line);
		}
	});

	it('draws in ASCII where the locale is not UTF-8', () => {
		assert.deepEqual(render('> [!CAUTION]\n> Mind the step.', createTheme(0, 'dark', {ascii: true})), [
			'| x Caution',
			'| Mind the step.',
		]);
	});

	it('is found inside a list item', () => {
		assert.deepEqual(render('- step\n\n  > [!IMPORTANT]\n  > Save first.'), [
			'• step',
			'',
			'  │ ◆ Important',
			'  │ Save first.',
		]);
	});

	const plainQuotes: Array<[string, string, string[]]> = [
		['an unknown kind', '> [!DANGER]\n> x', ['│ [!DANGER] x']],
		['an escaped marker', '> \\[!NOTE]\n> x', ['│ [!NOTE] x']],
		['a marker after other text', '> Read this: [!NOTE]\n> x', ['│ Read this: [!NOTE] x']],
		['a marker in code', '> `[!NOTE]`\n> x', ['│ `[!NOTE]` x']],
	];
	for (const [name, source, expected] of plainQuotes) {
		it(`leaves ${name} a plain quote`, () => {
			assert.deepEqual(render(source), expected);
		});
	}
});
