// A reading position that survives re-wrapping: which top-level block the
// top line is in, and how far into that block, as a fraction of its height.

export type Anchor = {block: number; fraction: number};

export const topOfPost: Anchor = {block: 0, fraction: 0};

/**
 * The last block starting at or before `line` (0 when none does). By halves:
 * a huge post has tens of thousands of blocks, and every scrolling key asks.
 */
function blockAt(blockStarts: number[], line: number): number {
	let low = 0;
	let high = blockStarts.length;
	while (low < high) {
		const middle = (low + high) >>> 1;
		if ((blockStarts[middle] ?? 0) <= line) low = middle + 1;
		else high = middle;
	}

	return Math.max(0, low - 1);
}

/** The anchor of `line` in a page whose blocks start at `blockStarts` and which has `total` lines. */
export function anchorAt(blockStarts: number[], total: number, line: number): Anchor {
	if (blockStarts.length === 0) return topOfPost;
	const block = blockAt(blockStarts, line);
	const start = blockStarts[block] ?? 0;
	const end = blockStarts[block + 1] ?? total;
	return {block, fraction: end > start ? (line - start) / (end - start) : 0};
}

/** The line an anchor points at in a page (possibly wrapped at another width). */
export function lineAt(blockStarts: number[], total: number, anchor: Anchor): number {
	if (blockStarts.length === 0) return 0;
	const block = Math.min(anchor.block, blockStarts.length - 1);
	const start = blockStarts[block] ?? 0;
	const end = blockStarts[block + 1] ?? total;
	return start + Math.min(end - start - 1, Math.round(anchor.fraction * (end - start)));
}
