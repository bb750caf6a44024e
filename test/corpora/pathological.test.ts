import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import stripAnsi from 'strip-ansi';
import {renderMarkdown} from '../../source/render/markdown.js';
import {displayWidth} from '../../source/text/width.js';
import {createTheme} from '../../source/theme/palette.js';
import {pathologicalCases} from '../helpers/pathological.js';

// Rendered to lines that fit; how long each takes is measured by npm run bench, not asserted
// here, where the machine may be busy with other work.
const theme = createTheme(1);

describe('pathological Markdown', () => {
	for (const [name, markdown] of pathologicalCases) {
		it(`${name} (${Math.round(markdown.length / 1024)} KB)`, () => {
			const {lines} = renderMarkdown(markdown, {width: 80, theme});
			for (const line of lines) assert.ok(displayWidth(line) <= 80, stripAnsi(line).slice(0, 100));
		});
	}
});
