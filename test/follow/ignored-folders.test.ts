import assert from 'node:assert/strict';
import path from 'node:path';
import {describe, it} from 'node:test';
import {blogreadFolders} from '../../source/follow/ignored-folders.js';

// The folders the app never watches: blogread's own cache and state. A blog
// opened on a home folder holds them, and blogread's own writes there must
// never look like the blog changing.

describe('blogreadFolders: what the app never watches', () => {
	const cases: Array<[name: string, env: NodeJS.ProcessEnv, expected: string[]]> = [
		[
			'the XDG folders, when set',
			{XDG_CACHE_HOME: '/x/cache', XDG_STATE_HOME: '/x/state', HOME: '/home/reader'},
			['/x/cache/blogread', '/x/state/blogread'],
		],
		[
			'under HOME, when not',
			{HOME: '/home/reader'},
			['/home/reader/.cache/blogread', '/home/reader/.local/state/blogread'],
		],
		[
			'an empty XDG variable counts as unset',
			{XDG_CACHE_HOME: '', XDG_STATE_HOME: '', HOME: '/home/reader'},
			['/home/reader/.cache/blogread', '/home/reader/.local/state/blogread'],
		],
		[
			'a relative XDG folder, made absolute (the watcher compares absolute paths)',
			{XDG_CACHE_HOME: 'cache', XDG_STATE_HOME: 'state', HOME: '/home/reader'},
			[path.resolve('cache', 'blogread'), path.resolve('state', 'blogread')],
		],
	];
	for (const [name, env, expected] of cases) {
		it(name, () => assert.deepEqual(blogreadFolders(env), expected));
	}
});
