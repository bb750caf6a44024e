import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {helpRows, type KeyFlags, keyEvents, keymap, type View} from '../../../source/ui/keys/keymap.js';

function actions(view: View, input: string, flags: KeyFlags = {}): string[] {
	return keyEvents(view, input, flags).flatMap(event => (event.binding ? [event.binding.command] : []));
}

describe('keymap', () => {
	const cases: Array<[View, string, KeyFlags, string[]]> = [
		['list', 'j', {}, ['down']],
		['list', 'jjjj', {}, ['down', 'down', 'down', 'down']],
		['search', '', {backspace: true}, ['deleteChar']],
		['search', '', {delete: true}, ['deleteChar']],
		['picker', ' ', {}, ['toggle']],
		['picker', '', {tab: true}, ['switchMode']],
		['list', '', {downArrow: true}, ['down']],
		['list', '', {return: true}, ['open']],
		['list', 'l', {}, ['open']],
		['list', 'q', {}, ['back']],
		['list', '', {escape: true}, ['escape']],
		['list', 'Q', {}, ['quit']],
		['list', 'c', {ctrl: true}, ['quit']],
		['list', 'g', {}, ['top']],
		['list', '', {end: true}, ['bottom']],
		['list', 'z', {}, []],
		['list', 'j\u0007k', {}, ['down', 'up']],
		['reader', ' ', {}, ['pageDown']],
		['reader', 'fb', {}, ['pageDown', 'pageUp']],
		['reader', 'du', {}, ['halfDown', 'halfUp']],
		['reader', 'h', {}, ['back']],
		['reader', '', {leftArrow: true}, ['back']],
		['reader', '', {pageDown: true}, ['pageDown']],
		['reader', 'G', {}, ['bottom']],
		['reader', '[', {}, ['previousHeading']],
		['reader', '', {escape: true}, ['escape']],
		['reader', 'q', {}, ['back']],
		['list', 'i', {}, ['details']],
		['help', 'j', {}, ['down']],
		['help', '', {pageDown: true}, ['pageDown']],
		['help', 'G', {}, ['bottom']],
		['help', 'q', {}, ['cancel']],
		['help', '?', {}, ['cancel']],
		['help', '', {escape: true}, ['cancel']],
		['help', 'Q', {}, ['quit']],
		['help', 'x', {}, []],
	];
	for (const [view, input, flags, expected] of cases) {
		it(`${view}: ${JSON.stringify(input)} ${JSON.stringify(flags)} → ${expected.join(', ') || 'nothing'}`, () => {
			assert.deepEqual(actions(view, input, flags), expected);
		});
	}

	it('has no key bound twice in one view, in every view', () => {
		const views: View[] = ['list', 'reader', 'search', 'picker', 'find', 'contents', 'links', 'problems', 'help'];
		assert.deepEqual(new Set(keymap.flatMap(binding => binding.views)), new Set(views), 'every view is checked');
		for (const view of views) {
			const seen = new Set<string>();
			for (const binding of keymap.filter(candidate => candidate.views.includes(view))) {
				for (const key of binding.keys) {
					const id = JSON.stringify(key);
					assert.ok(!seen.has(id), `${view}: ${id} bound twice`);
					seen.add(id);
				}
			}
		}
	});

	it('generates help from every binding of the view', () => {
		const rows = helpRows('reader');
		assert.equal(rows.length, keymap.filter(binding => binding.views.includes('reader')).length);
		assert.ok(rows.some(row => row.keys === 'Space PgDn f' && row.description === 'page down'));
		assert.ok(rows.some(row => row.keys === 'q h ←' && row.description === 'back to the list'));
		assert.ok(rows.some(row => row.keys === 'Esc' && row.description.startsWith('clear the find marks')));
	});
});
