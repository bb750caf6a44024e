import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {MAX_COPY_BYTES} from '../../../source/text/osc52.js';
import {createLinkHost, type Environment} from '../../../source/ui/host/opener.js';

// A served reader is on another machine: a link they open is copied to their
// own clipboard (OSC 52 through their terminal), and no program runs here,
// whatever the server's environment would otherwise pick.

const osc52 = (text: string) => `\u001B]52;c;${Buffer.from(text).toString('base64')}\u0007`;

/** A copy-only link host that records what it writes and what it would start. */
function servedHost(env: Environment) {
	const written: string[] = [];
	const started: string[][] = [];
	const asked: string[] = [];
	const host = createLinkHost({
		env,
		platform: 'linux',
		write: sequence => written.push(sequence),
		start: async (command, args) => {
			started.push([command, ...args]);
		},
		locate: (name: string) => {
			asked.push(name);
			return `/usr/bin/${name}`;
		},
		copyOnly: true,
	});
	return {host, written, started, asked};
}

describe('opening a link with copyOnly (blogread serve)', () => {
	const environments: Array<[name: string, env: Environment]> = [
		['no environment', {}],
		['a browser the server could run', {BROWSER: 'firefox'}],
		['a local session, xdg-open on the path', {PATH: '/usr/bin:/bin', DISPLAY: ':0'}],
		['over ssh', {SSH_CONNECTION: '10.0.0.1 5000 10.0.0.2 22'}],
	];
	const links = ['https://example.org/a?b=c#d', 'http://example.org/', 'mailto:someone@example.org'];
	for (const [name, env] of environments) {
		for (const url of links) {
			it(`${name}: ${url} is copied, never opened`, async () => {
				const {host, written, started, asked} = servedHost(env);
				assert.equal(await host.openLink(url), 'copied the link to the clipboard (read over ssh: not opened here)');
				assert.deepEqual(written, [osc52(url)]);
				assert.deepEqual(started, []);
				assert.deepEqual(asked, [], 'no program was even looked for');
			});
		}
	}

	it('still refuses what is not a web or mail link, copying nothing', async () => {
		const {host, written, started} = servedHost({});
		for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'https://a.example/\u001B]52;c;aGk=\u0007']) {
			assert.match(await host.openLink(url), /^not opened: only http, https and mailto links are/);
		}

		assert.deepEqual(written, []);
		assert.deepEqual(started, []);
	});

	it('a link too large to copy is neither copied nor opened', async () => {
		const {host, written, started} = servedHost({});
		const url = `https://example.org/${'a'.repeat(MAX_COPY_BYTES)}`;
		assert.match(
			await host.openLink(url),
			/^the link not copied: \d+ KB is too large \(read over ssh: not opened here\)$/,
		);
		assert.deepEqual(written, []);
		assert.deepEqual(started, []);
	});

	it('without copyOnly the same host opens the link (the setting is what decides)', async () => {
		const started: string[][] = [];
		const host = createLinkHost({
			env: {},
			platform: 'linux',
			write: () => assert.fail('nothing is copied'),
			start: async (command, args) => {
				started.push([command, ...args]);
			},
			locate: name => `/usr/bin/${name}`,
		});
		assert.equal(await host.openLink('https://example.org/'), 'opened with xdg-open');
		assert.deepEqual(started, [['/usr/bin/xdg-open', 'https://example.org/']]);
	});
});
