// unicodeit's table of LaTeX commands and their Unicode (300 KB): the bundle
// ships it as a file of its own, read the first time a post has maths
// (scripts/bundle.mjs, source/shims/math-data.ts).
import {combiningmarks, replacements, subsuperscripts} from 'unicodeit/ts_dist/js/data.js';

export type MathData = {replacements: string[][]; combiningmarks: string[][]; subsuperscripts: string[][]};

export function mathData(): MathData {
	return {replacements, combiningmarks, subsuperscripts};
}
