import {promises as fs} from 'node:fs';

/** Posts larger than this are read only up to it, with a warning. */
export const MAX_POST_BYTES = 4 * 1024 * 1024;

export type FileText = {text: string; warnings: string[]};

/** Reads a post as UTF-8, bounded in size. Callers pass regular files only. */
export async function readPostText(absolutePath: string): Promise<FileText> {
	const warnings: string[] = [];
	const handle = await fs.open(absolutePath, 'r');
	let bytes: Buffer;
	try {
		const {size} = await handle.stat();
		const length = Math.min(size, MAX_POST_BYTES);
		bytes = Buffer.alloc(length);
		const {bytesRead} = await handle.read(bytes, 0, length, 0);
		bytes = bytes.subarray(0, bytesRead);
		if (size > MAX_POST_BYTES) warnings.push(`file is ${Math.round(size / 1024 / 1024)} MB; only the first 4 MB are shown`);
	} finally {
		await handle.close();
	}

	// UTF-16 with a byte order mark (some Windows editors) is decoded, with a note.
	const utf16 = bytes[0] === 0xFF && bytes[1] === 0xFE ? 'utf-16le' : bytes[0] === 0xFE && bytes[1] === 0xFF ? 'utf-16be' : undefined;
	if (utf16) {
		warnings.push(`file is ${utf16.toUpperCase()}, not UTF-8; decoded anyway`);
		return {text: new TextDecoder(utf16).decode(bytes), warnings};
	}

	try {
		return {text: new TextDecoder('utf-8', {fatal: true}).decode(bytes), warnings};
	} catch {
		warnings.push('file is not valid UTF-8; undecodable bytes are shown as �');
		return {text: new TextDecoder('utf-8').decode(bytes), warnings};
	}
}
