// How pictures are shown (--images, the config's `images`).

export const IMAGE_MODES = ['auto', 'blocks', 'off'] as const;

/**
 * `auto`: drawn in half blocks wherever colour works (the one way blogread draws them yet);
 * `blocks`: the same, asked for; `off`: every image is its line, `[image: alt] (src)`.
 */
export type ImageMode = (typeof IMAGE_MODES)[number];

export function isImageMode(value: unknown): value is ImageMode {
	return typeof value === 'string' && (IMAGE_MODES as readonly string[]).includes(value);
}
