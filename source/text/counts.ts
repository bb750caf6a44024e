// Counts as blogread writes them: with thousands separators (`100,000 posts`), the same on every
// screen and in every locale, as the progress line has always had them.

/** `12,345`. */
export const countText = (value: number): string => value.toLocaleString('en');

/** `1 draft`, `1,234 drafts`. */
export const plural = (count: number, word: string): string => `${countText(count)} ${word}${count === 1 ? '' : 's'}`;
