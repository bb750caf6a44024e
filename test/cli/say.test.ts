import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {type Io, say} from '../../source/cli/io.js';

function said(line: string): string {
	let text = '';
	const io: Io = {
		stdout: {write: () => true},
		stderr: {write: (chunk: string) => (text += chunk)},
		env: {},
		colors: 0,
		hyperlinks: false,
		own: false,
	};
	say(io, line);
	return text;
}

describe('one line on stderr', () => {
	const deep = `${'a/'.repeat(2000)}a: cannot read this folder (ENAMETOOLONG); skipped`;
	const cases: Array<[name: string, line: string, check: (text: string) => void]> = [
		['a short line as it is', 'no posts in blog', text => assert.equal(text, 'blogread: no posts in blog\n')],
		[
			'controls shown, not sent',
			'bad name\u001b[2J\u0007\nnext',
			text => assert.doesNotMatch(text.slice(0, -1), /[\u0000-\u001f\u007f]/),
		],
		[
			'a long line keeps its start and its reason, and loses its middle',
			deep,
			text => {
				assert.ok(text.length < 1100, `${text.length} characters`);
				assert.ok(text.startsWith('blogread: a/a/a/'));
				assert.ok(text.endsWith('a/a: cannot read this folder (ENAMETOOLONG); skipped\n'));
				assert.equal(text.split('…').length, 2);
			},
		],
	];
	for (const [name, line, check] of cases) {
		it(name, () => {
			const text = said(line);
			assert.equal(text.split('\n').length, 2, 'one line');
			check(text);
		});
	}
});
