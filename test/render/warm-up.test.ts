import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, it} from 'node:test';
import {renderMarkdown} from '../../source/render/markdown.js';
import {warmUpStep} from '../../source/render/warm-up.js';
import {createTheme} from '../../source/theme/palette.js';
import {SAMPLE_BLOG} from '../helpers/paths.js';

// The app renders a few pieces of Markdown while its list waits for a key, so the
// first post opened renders at the speed of the second. Warming up must leave
// nothing behind: a post rendered after it is the one rendered without it.

describe('warmUpStep: the renderer warmed up while the list waits', () => {
	const theme = createTheme(1);

	it('renders a piece a call, then says none is left', () => {
		const steps: boolean[] = [];
		for (let step = 0; step < 5; step++) steps.push(warmUpStep(step, theme, 80));
		assert.deepEqual(steps, [true, true, true, false, false]);
	});

	it('leaves nothing behind: the sample posts render the same after it (footnotes numbered from 1 too)', () => {
		// A post with footnotes, its front matter left out.
		const post = readFileSync(path.join(SAMPLE_BLOG, 'go-worker-pool.md'), 'utf8').split(/^---$/m).slice(2).join('---');
		assert.match(post, /\[\^/);
		const before = renderMarkdown(post, {width: 80, theme});
		for (let step = 0; warmUpStep(step, theme, 80); step++) {
			// Each piece rendered, as the app does between keys.
		}

		assert.deepEqual(renderMarkdown(post, {width: 80, theme}), before);
	});
});
