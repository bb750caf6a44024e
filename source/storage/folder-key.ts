/**
 * A file name for a blog folder's own file (its index, its reading state): two
 * FNV-1a hashes of its real path (node:crypto is slow to load for this). A
 * clash only costs the file: each file names the folder it is for.
 */
export function folderKey(root: string): string {
	let low = 0x811c9dc5;
	let high = 0x2f_1a_4e_63;
	for (let index = 0; index < root.length; index++) {
		const code = root.charCodeAt(index);
		low = Math.imul(low ^ code, 0x0100_0193) >>> 0;
		high = Math.imul(high ^ code, 0x0100_0193) >>> 0;
	}

	return low.toString(16).padStart(8, '0') + high.toString(16).padStart(8, '0');
}
