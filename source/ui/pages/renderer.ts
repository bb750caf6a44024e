// The Markdown renderer (marked, highlight.js: most of the program), loaded
// once per process on first need. The list doesn't need it, so the app's first
// frame doesn't wait for it: it is loaded right after, and warmed up a piece a
// turn while the list waits for a key.
import type {Theme} from '../../theme/palette.js';

export type Renderer = typeof import('../../render/post-page.js');

let renderer: Renderer | undefined;
let loading: Promise<Renderer> | undefined;
/** Whether a post has been asked for: then the renderer is not warmed up, the post warms it. */
let pageWanted = false;
/** What to warm the renderer up for, once it is loaded (see render/warm-up.ts). */
let warmFor: {theme: Theme; width: number} | undefined;

/** Warms the renderer up a piece a turn, while no post is asked for. */
function warmUp(module: Renderer, theme: Theme, width: number, step = 0): void {
	setImmediate(() => {
		if (pageWanted) return;
		if (module.warmUpStep(step, theme, width)) warmUp(module, theme, width, step + 1);
	});
}

/** Loads the renderer (once), and warms it up for `warm` while no post is asked for. */
export function loadRenderer(warm?: {theme: Theme; width: number}): Promise<Renderer> {
	if (warm && !warmFor) {
		warmFor = warm;
		if (renderer) warmUp(renderer, warm.theme, warm.width);
	}

	loading ??= import('../../render/post-page.js').then(module => {
		renderer = module;
		if (warmFor) warmUp(module, warmFor.theme, warmFor.width);
		return module;
	});
	return loading;
}

/**
 * The renderer if it is loaded, else undefined (and it is loaded now); from
 * now on a post is wanted, so warming up gives way to it.
 */
export function rendererForPage(): Renderer | undefined {
	pageWanted = true;
	if (!renderer) void loadRenderer();
	return renderer;
}
