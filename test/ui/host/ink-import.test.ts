import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {importInk} from '../../../source/ui/host/ink-import.js';

describe('importInk', () => {
	const cases: Array<[name: string, env: NodeJS.ProcessEnv, fails: boolean]> = [
		['DEV=true: unset while loading, back after', {DEV: 'true', HOME: '/h'}, false],
		['DEV=true and the load fails: back after', {DEV: 'true'}, true],
		['DEV of another kind: back as it was', {DEV: '1'}, false],
		['no DEV: none after', {HOME: '/h'}, false],
	];
	for (const [name, env, fails] of cases) {
		it(name, async () => {
			const before = {...env};
			let seen: string | undefined = 'not loaded';
			const load = async () => {
				seen = env.DEV;
				if (fails) throw new Error('no such module');
				return 'module';
			};
			const loaded = importInk(load, env);
			if (fails) await assert.rejects(loaded, /no such module/);
			else assert.equal(await loaded, 'module');
			assert.equal(seen, undefined);
			assert.deepEqual(env, before);
		});
	}
});
