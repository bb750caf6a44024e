// How the list screen shares the terminal between the list and the selected
// post's details: plain arithmetic, so the state machine and the screen agree.

/**
 * From this width the details are a pane on the right (glow, ranger and
 * lazygit do the same); below, lines under the list.
 */
const PREVIEW_MIN_COLUMNS = 120;

/** Columns between the list and the preview pane (a rule and a space). */
const PREVIEW_GAP = 2;

export type ListLayout = {
	/** Columns of the list (the whole width without a pane). */
	listWidth: number;
	/** Rows of posts on screen. */
	listHeight: number;
	/** Detail lines under the list (0 with a pane, or when hidden). */
	detailRows: number;
	/** Columns of the preview pane; 0 for none. */
	previewWidth: number;
};

/** Detail lines under a list of `height` rows: fewer on a short screen, so the list keeps most rows. */
function detailRowsFor(height: number): number {
	if (height >= 20) return 5;
	if (height >= 12) return 4;
	if (height >= 6) return 3;
	return 0;
}

/** The list screen's layout at `columns` by `height` (the rows above the status line), details shown or not. */
export function listLayout(columns: number, height: number, details: boolean): ListLayout {
	if (!details) return {listWidth: columns, listHeight: height, detailRows: 0, previewWidth: 0};
	if (columns >= PREVIEW_MIN_COLUMNS) {
		const previewWidth = Math.min(64, Math.floor(columns * 0.38));
		return {listWidth: columns - previewWidth - PREVIEW_GAP, listHeight: height, detailRows: 0, previewWidth};
	}

	const detailRows = detailRowsFor(height);
	return {listWidth: columns, listHeight: Math.max(1, height - detailRows), detailRows, previewWidth: 0};
}
