// How many terminal cells a picture takes: as wide as it can be up to the
// page's width, no taller than its share of the screen, its shape kept. A cell
// is about twice as tall as it is wide, and a half block draws two pixels in
// one cell, so one cell column is one pixel and one row two.

export type Cells = {columns: number; rows: number};

/** The most rows a picture takes on a screen of `screenRows`: half of them, two at least. */
export function pictureRowsFor(screenRows: number): number {
	return Math.max(2, Math.floor(screenRows / 2));
}

/**
 * The cells for a `width` × `height` pixel picture within `maxColumns` × `maxRows`, never
 * larger than the picture itself (a small icon is not blown up), each side at least one cell.
 */
export function fitCells(width: number, height: number, maxColumns: number, maxRows: number): Cells {
	if (!(width > 0 && height > 0)) return {columns: 1, rows: 1};
	const columns = Math.max(1, Math.floor(maxColumns));
	const pixelRows = Math.max(1, Math.floor(maxRows)) * 2;
	const scale = Math.min(1, columns / width, pixelRows / height);
	return {
		columns: Math.max(1, Math.round(width * scale)),
		rows: Math.max(1, Math.round((height * scale) / 2)),
	};
}
