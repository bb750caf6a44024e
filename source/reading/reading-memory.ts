// Where the reading state lives between runs, and when it is written: one
// small file per blog folder in a private folder under $XDG_STATE_HOME.
import {lstatSync} from 'node:fs';
import path from 'node:path';
import {folderKey} from '../storage/folder-key.js';
import {
	privateFolder,
	readPrivateFile,
	stateFolderPath,
	withFileLock,
	writePrivateFile,
} from '../storage/private-folder.js';
import {cleanLine} from '../text/sanitize.js';
import {
	emptyReadingState,
	MAX_STATE_BYTES,
	mergeReadingState,
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
	/** This instance's state as it last wrote it (or as it started): what it changed since is what it writes. */
	private last: ReadingState;
	private lastText: string;
	/** The file was unreadable or bad: the first write replaces it with this instance's whole state. */
	private rewrite: boolean;

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
			this.initial = emptyReadingState;
		} else {
			const parsed = parseReadingState(text, root);
			problem = parsed.problem;
			partial = parsed.partial === true;
			this.initial = parsed.state;
		}

		this.last = this.initial;
		this.lastText = serializeReadingState(this.initial, root);
		// Said once; the file is rewritten at the first write, whatever the state then.
		this.rewrite = problem !== undefined;
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

	/** The state in the file now, if it reads whole (another terminal on this blog may have written it). */
	private onDisk(): ReadingState | undefined {
		const text = readPrivateFile(this.file, MAX_STATE_BYTES);
		if (text === undefined) return lstatSync(this.file, {throwIfNoEntry: false}) ? undefined : emptyReadingState;
		const parsed = parseReadingState(text, this.root);
		return parsed.problem === undefined || parsed.partial ? parsed.state : undefined;
	}

	/**
	 * Writes what changed here since the last write, if anything did: read, merged post by post with what
	 * the file holds now, and written (a new private file, renamed), under a lock, so that two terminals on
	 * the same blog keep both readers' marks.
	 */
	flush(): void {
		const snapshot = this.snapshot;
		if (!snapshot) return;
		const {open} = snapshot;
		const positions = open ? {...snapshot.positions, [open.path]: open.position} : snapshot.positions;
		const mine: ReadingState = {positions, read: snapshot.read};
		const text = serializeReadingState(mine, this.root);
		if (text === this.lastText && !this.rewrite) return;
		withFileLock(this.file, () => {
			const disk = this.rewrite ? undefined : this.onDisk();
			const merged = disk ? mergeReadingState(disk, this.last, mine) : mine;
			writePrivateFile(this.file, serializeReadingState(merged, this.root));
		});
		this.last = mine;
		this.lastText = text;
		this.rewrite = false;
	}
}
