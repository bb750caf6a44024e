import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

// Folders made here live until the test process ends, not the test: a helper's folder
// (a config home, a server's state) may be used by every test in the file. Without this
// each run left its folders in the system's temporary folder, thousands of them.
const made: string[] = [];
process.once('exit', () => {
	// Exit handlers cannot wait, so the removal is sync; a folder left behind must not fail the run.
	for (const folder of made) {
		try {
			rmSync(folder, {recursive: true, force: true});
		} catch {}
	}
});

/** A new folder `blogread-<prefix>-XXXXXX` in the system's temporary folder, removed when the process exits. */
export function temporaryFolder(prefix: string): string {
	const folder = mkdtempSync(path.join(tmpdir(), `blogread-${prefix}-`));
	made.push(folder);
	return folder;
}
