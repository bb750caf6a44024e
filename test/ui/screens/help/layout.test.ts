import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {displayWidth} from '../../../../source/text/width.js';
import {helpRows} from '../../../../source/ui/keys/keymap.js';
import {helpLayout} from '../../../../source/ui/screens/help/layout.js';

describe('helpLayout', () => {
	it('one column when two would cut descriptions; every description whole, each line within the width', () => {
		for (const width of [20, 40, 80, 100]) {
			const {body} = helpLayout('reader', width, 20);
			assert.ok(body.every(cells => cells.length === 1));
			const lines = body.map(([cell]) => `${cell?.keys ?? ''}  ${cell?.description ?? ''}`.trimEnd());
			assert.ok(
				lines.every(line => displayWidth(line) <= width),
				lines.join('\n'),
			);
			const text = body.map(([cell]) => cell?.description.trim() ?? '').join(' ');
			for (const row of helpRows('reader')) assert.ok(text.includes(row.description), `${width}: ${row.description}`);
		}
	});

	it('two columns when one is too tall and both fit whole', () => {
		const {body, room} = helpLayout('list', 200, 12);
		assert.equal(room, 9);
		assert.ok(body.every(cells => cells.length >= 1 && cells.length <= 2));
		assert.equal(body.length, Math.ceil(helpRows('list').length / 2));
		assert.equal(helpLayout('list', 200, 40).body[0]?.length, 1, 'one column when it fits in height');
	});

	it('a footer that says how to scroll and close, from the keymap', () => {
		assert.deepEqual(helpLayout('list', 80, 20).footer, ['j k PgDn PgUp g G scroll · q Esc ? or any other key closes']);
		assert.equal(helpLayout('list', 30, 20).footer.length, 2, 'wrapped when narrow');
	});
});
