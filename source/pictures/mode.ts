// How pictures are shown (--images, the config's `images`).

export const IMAGE_MODES = ['auto', 'blocks', 'kitty', 'iterm', 'sixel', 'off'] as const;

/**
 * `auto`: the terminal's graphics protocol where it has one blogread can use there (graphics.ts),
 * else half blocks wherever colour works; `blocks`, `kitty`, `iterm`, `sixel`: that way, asked for;
 * `off`: every image is its line, `[image: alt] (src)`.
 */
export type ImageMode = (typeof IMAGE_MODES)[number];

export function isImageMode(value: unknown): value is ImageMode {
	return typeof value === 'string' && (IMAGE_MODES as readonly string[]).includes(value);
}
