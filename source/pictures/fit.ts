// How many terminal cells a picture takes: as wide as it can be up to the
// page's width, no taller than its share of the screen, its shape kept. A cell
// is about twice as tall as it is wide (the terminal may say by how much), and
// a half block draws two pixels in one cell, so one cell column is one pixel.

export type Cells = {columns: number; rows: number};

/** How many times taller than wide a cell is, where the terminal does not say. */
export const CELL_ASPECT = 2;

/** A cell's height over its width from its size in pixels, if that is a shape a terminal's cell can have. */
export function cellAspectOf(cell: {width: number; height: number} | undefined): number | undefined {
	if (!cell) return undefined;
	const aspect = Math.round((cell.height / cell.width) * 100) / 100;
	return aspect >= 1 && aspect <= 4 ? aspect : undefined;
}

/** The most rows a picture takes on a screen of `screenRows`: half of them, two at least. */
export function pictureRowsFor(screenRows: number): number {
	return Math.max(2, Math.floor(screenRows / 2));
}

/**
 * The cells for a `width` × `height` pixel picture within `maxColumns` × `maxRows`, with cells
 * `cellAspect` times taller than wide: never more columns than the picture has pixels across (a
 * small icon is not blown up), each side at least one cell.
 */
export function fitCells(
	width: number,
	height: number,
	maxColumns: number,
	maxRows: number,
	cellAspect = CELL_ASPECT,
): Cells {
	if (!(width > 0 && height > 0)) return {columns: 1, rows: 1};
	const columns = Math.max(1, Math.floor(maxColumns));
	const rows = Math.max(1, Math.floor(maxRows));
	const scale = Math.min(1, columns / width, (rows * cellAspect) / height);
	return {
		columns: Math.max(1, Math.round(width * scale)),
		rows: Math.max(1, Math.round((height * scale) / cellAspect)),
	};
}
