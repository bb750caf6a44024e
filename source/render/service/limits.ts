// What one post may cost to render, wherever it is rendered (SECURITY.md, "Rendering").

/** How long a render may take before the post is shown as plain text instead. */
export const RENDER_BUDGET_MS = 3000;

/**
 * A renderer process's heap limit (V8's old space), in MB. The largest post blogread reads whole, 4 MB
 * of prose, renders in under 64; past the limit V8 ends the renderer, and the post shows as plain text.
 */
export const RENDERER_HEAP_MB = 160;

/** Bodies longer than this show their beginning first (head.ts), while the rest renders. */
export const HEAD_FIRST_CHARS = 64 * 1024;
