// Marks put in rendered text while a post is rendered, so the final line of
// what they mark can be found: footnote references are wrapped in two, a code
// block's frame lines carry one, a picture's rows one each. All are invisible (zero columns wide, so
// wrapping is unchanged); they are removed before anything is shown, and
// dropped from post text. Links carry none: a mark makes a line non-ASCII,
// and wrapping such lines is several times slower.
import {showControls} from '../text/sanitize.js';

export const REF_START = '\u2063';
export const REF_END = '\u2064';
/** On the first and the last frame line of a code block. */
export const CODE_MARK = '\u2062';
/** Where a picture's row starts, on each row its cells take (render/picture-block.ts). */
export const PICTURE_MARK = '\u2061';
/** All four, as the inside of a regular expression's character class. */
export const MARK_CHARACTERS = '\\u2061-\\u2064';
export const REF_SENTINELS = new RegExp(`[${MARK_CHARACTERS}]`, 'g');

/** Text from the post, safe to show: controls made visible, no marks of these (a post may hold them). */
export function shownText(text: string): string {
	return showControls(text).replace(REF_SENTINELS, '');
}
