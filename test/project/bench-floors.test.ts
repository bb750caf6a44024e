import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, it} from 'node:test';
import {bundlePlainYaml} from '../../scripts/bench/plain-yaml-bundle.js';
import {loadBlog} from '../../source/blog/load/load.js';
import {ROOT} from '../helpers/paths.js';

// The benchmark's floors are plain scripts that read blogread's files
// themselves (scripts/bench/least-*.mjs): they must keep up with the index's rows.
const scratch = mkdtempSync(path.join(tmpdir(), 'blogread-floors-'));
after(() => {
	rmSync(scratch, {recursive: true, force: true});
});

const script = (name: string) => path.join(ROOT, 'scripts', 'bench', name);

describe("the benchmark's floors", () => {
	const blog = path.join(scratch, 'blog');
	mkdirSync(path.join(blog, 'posts'), {recursive: true});
	for (const [name, date, tags] of [
		['alpha', '2024-01-02', '[go, cli]'],
		['beta', '2024-03-04', '[rust]'],
	] as const)
		writeFileSync(
			path.join(blog, 'posts', `${name}.md`),
			`---\ntitle: ${name}\ndate: ${date}\ntags: ${tags}\n---\nText.\n`,
		);
	const expected = ['2024-01-02  alpha  go cli', '2024-03-04  beta  rust', ''].join('\n');

	it('reads every post as the first --list does, with js-yaml alone and with the plain-YAML reader first', async () => {
		assert.equal(execFileSync(process.execPath, [script('least-cold-list.mjs'), blog], {encoding: 'utf8'}), expected);
		// As the benchmark gives it: bundled apart. A post it leaves to js-yaml (a nested mapping) is read there.
		writeFileSync(
			path.join(blog, 'posts', 'gamma.md'),
			'---\ntitle: gamma\ndate: 2024-05-06\ntags: [go]\ncover:\n  image: a.png\n---\nText.\n',
		);
		const plainYaml = path.join(scratch, 'plain-yaml.mjs');
		await bundlePlainYaml(plainYaml);
		const output = execFileSync(process.execPath, [script('least-cold-list.mjs'), blog, plainYaml], {encoding: 'utf8'});
		rmSync(path.join(blog, 'posts', 'gamma.md'));
		assert.equal(output, `${expected}2024-05-06  gamma  go\n`);
	});

	it("reads blogread's index as a --list with it does", async () => {
		const cache = path.join(scratch, 'cache');
		await loadBlog(blog, {drafts: false, env: {XDG_CACHE_HOME: cache}});
		const output = execFileSync(process.execPath, [script('least-warm-list.mjs'), blog, path.join(cache, 'blogread')], {
			encoding: 'utf8',
		});
		assert.equal(output, expected);
	});
});
