import assert from 'node:assert/strict';
import {readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, it} from 'node:test';
import {renderMarkdown} from '../../source/render/markdown.js';
import {createTheme} from '../../source/theme/palette.js';
import {FIXTURES} from '../helpers/paths.js';

// Expected renderings, reviewed by eye and kept beside their inputs, so a
// change in output shows up as a diff. UPDATE_GOLDEN=1 rewrites them.
const folder = path.join(FIXTURES, 'golden');
const width = 60;

describe('golden renderings (plain, 60 columns)', () => {
	for (const file of readdirSync(folder)
		.filter(name => name.endsWith('.md'))
		.sort()) {
		it(file, () => {
			const {lines} = renderMarkdown(readFileSync(path.join(folder, file), 'utf8'), {width, theme: createTheme(0)});
			const actual = `${lines.join('\n')}\n`;
			const expectedFile = path.join(folder, file.replace(/\.md$/, `.${width}.txt`));
			if (process.env['UPDATE_GOLDEN'] === '1') writeFileSync(expectedFile, actual);
			assert.equal(actual, readFileSync(expectedFile, 'utf8'));
		});
	}
});
