import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {Text} from 'ink';
import {render} from 'ink-testing-library';
import {useHeldScreen} from '../../../source/ui/hooks/use-held-screen.js';

/** Draws `text` as a screen's one line, held while `waiting` as the app holds its screens. */
function Screen({text, waiting, columns = 80}: {text: string; waiting: boolean; columns?: number}) {
	const held = useHeldScreen(waiting);
	const view = held({lines: [text], status: {left: '', right: ''}}, columns, 24);
	return <Text>{view.lines.join('\n')}</Text>;
}

async function frameWith(lastFrame: () => string | undefined, expected: string): Promise<void> {
	const deadline = Date.now() + 5000;
	while (lastFrame() !== expected) {
		if (Date.now() > deadline) throw new Error(`no frame "${expected}"; last: ${lastFrame()}`);
		await new Promise(resolve => setTimeout(resolve, 5));
	}
}

describe('the screen held while a page comes', () => {
	it('keeps the last screen up while a page is awaited, then shows the placeholder once the hold is over', async () => {
		const app = render(<Screen text="the list" waiting={false} />);
		app.rerender(<Screen text="Rendering…" waiting={true} />);
		assert.equal(app.lastFrame(), 'the list');
		await frameWith(app.lastFrame, 'Rendering…');
		app.rerender(<Screen text="the post" waiting={false} />);
		assert.equal(app.lastFrame(), 'the post');
		app.unmount();
	});

	it('holds nothing at another size: the old screen would not fit', () => {
		const app = render(<Screen text="the list" waiting={false} />);
		app.rerender(<Screen text="Rendering…" waiting={true} columns={40} />);
		assert.equal(app.lastFrame(), 'Rendering…');
		app.unmount();
	});
});
