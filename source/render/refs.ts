// Footnote references are wrapped in two invisible characters (zero columns
// wide, so wrapping is unchanged) while a post is rendered, so their final
// line can be found; they are removed before anything is shown, and dropped
// from post text.
export const REF_START = '\u2063';
export const REF_END = '\u2064';
export const REF_SENTINELS = /[\u2063\u2064]/g;
