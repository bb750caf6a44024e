import type {Theme} from '../theme/palette.js';
import {renderMarkdown} from './markdown.js';

// The first post rendered in a process pays for compiling marked's patterns and
// blogread's own code paths: much of its first screen's time. The app renders these
// pieces, what nearly every post has, while its list waits for a key (a piece a
// turn, so a key is never held up for long): the first post opened then renders
// at the speed of the second. Code, HTML and emoji names are left out: each
// loads what it needs on its first use, which a post may not have.
const PIECES = [
	[
		'# A heading',
		'A paragraph with *emphasis*, **strong** text, `code`, a [link](https://example.com) and a note[^1].',
		'[^1]: The note.',
	].join('\n\n'),
	'- An item\n- Another, with **strong** text\n\n1. First\n2. Second\n\n> A quote with _emphasis_.',
	'Text that ~~was~~ is, a www.example.com address and a\\\nbroken line.',
];

/** Renders the warm-up pieces, one a call; false when none is left. */
export function warmUpStep(step: number, theme: Theme, width: number): boolean {
	const piece = PIECES[step];
	if (piece === undefined) return false;
	renderMarkdown(piece, {width, theme});
	return true;
}
