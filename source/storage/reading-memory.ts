// Where the reading state lives between runs, and when it is written: one
// small file per blog folder in a private folder under $XDG_STATE_HOME.
import {lstatSync} from 'node:fs';
import path from 'node:path';
import {cleanLine} from '../text/sanitize.js';
import {folderKey} from './folder-key.js';
import {privateFolder, readPrivateFile, stateFolderPath, writePrivateFile} from './private-folder.js';
import {
	emptyReadingState,
	MAX_STATE_BYTES,
	type Position,
	parseReadingState,
	type ReadingState,
	serializeReadingState,
} from './reading-state.js';

/** The app's reading state now, and the post open in the reader (its position is not in `positions` until left). */
export type MemorySnapshot = ReadingState & {open?: {path: string; position: Position} | undefined};

/**
 * The reading state of one blog folder. The app hands it each new state (a
 * reference, no work) and asks for a write when it matters; a write does
 * nothing when the file already says the same.
 */
export class ReadingMemory {
	readonly initial: ReadingState;
	private snapshot: MemorySnapshot | undefined;
	private written: string | undefined;

	private constructor(
		private readonly file: string,
		private readonly root: string,
		warn: (line: string) => void,
	) {
		const text = readPrivateFile(file, MAX_STATE_BYTES);
		let problem: string | undefined;
		let partial = false;
		if (text === undefined) {
			// Missing is the first run (nothing to write until something is read); anything else there is said.
			const stat = lstatSync(file, {throwIfNoEntry: false});
			if (stat) problem = stat.isFile() ? 'it is too large' : 'it is not a file';
			else this.written = serializeReadingState(emptyReadingState, root);
			this.initial = emptyReadingState;
		} else {
			const parsed = parseReadingState(text, root);
			problem = parsed.problem;
			partial = parsed.partial === true;
			this.initial = parsed.state;
			// As read, the file needs no write until something changes; a bad one is rewritten at the first write.
			if (problem === undefined) this.written = serializeReadingState(parsed.state, root);
		}

		// Said once; the file is rewritten at the first write (`written` is unset), whatever the state then.
		const where = cleanLine(file);
		if (partial) warn(`blogread: the reading state in ${where}: ${problem}`);
		else if (problem !== undefined)
			warn(`blogread: ignoring the reading state in ${where}: ${problem}; it will be rewritten`);
	}

	/** The memory of the blog folder `root` (its real path), or undefined when the state folder can't be trusted. */
	static open(root: string, env: NodeJS.ProcessEnv, warn: (line: string) => void): ReadingMemory | undefined {
		const folder = privateFolder(stateFolderPath(env), warn);
		if (folder.problem !== undefined) return undefined;
		return new ReadingMemory(path.join(folder.path, `reading-${folderKey(root)}.json`), root, warn);
	}

	update(snapshot: MemorySnapshot): void {
		this.snapshot = snapshot;
	}

	/** Writes the newest state if the file does not say it already (atomically: a new private file, renamed). */
	flush(): void {
		const snapshot = this.snapshot;
		if (!snapshot) return;
		const {open} = snapshot;
		const positions = open ? {...snapshot.positions, [open.path]: open.position} : snapshot.positions;
		const text = serializeReadingState({positions, read: snapshot.read}, this.root);
		if (text === this.written) return;
		writePrivateFile(this.file, text);
		this.written = text;
	}
}
