import assert from 'node:assert/strict';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {after, before, describe, it} from 'node:test';
import sharp from 'sharp';
import {fetchPicture, isPublicAddress, RemotePictures, remoteAddresses} from '../../source/pictures/remote.js';

// A server on this machine stands for the web: the tests that fetch from it allow its address,
// which blogread itself never does (the last tests show it refused).
let server: Server;
let base = '';
let png: Buffer;
const requests: string[] = [];
const everywhere = {allows: () => true};

before(async () => {
	png = await sharp({create: {width: 8, height: 4, channels: 3, background: '#00ff00'}})
		.png()
		.toBuffer();
	server = createServer((request, response) => {
		const url = request.url ?? '';
		requests.push(url);
		const hops = /^\/hop\/(\d+)$/.exec(url);
		if (hops) {
			const left = Number(hops[1]);
			response.writeHead(302, {location: left === 0 ? '/picture.png' : `/hop/${left - 1}`}).end();
		} else if (url === '/picture.png') response.writeHead(200, {'content-type': 'image/png'}).end(png);
		else if (url === '/to-file') response.writeHead(301, {location: 'file:///etc/passwd'}).end();
		else if (url === '/claims-huge') response.writeHead(200, {'content-length': String(26 * 1024 * 1024)}).end();
		else if (url === '/endless') {
			response.writeHead(200);
			const chunk = Buffer.alloc(1024 * 1024);
			const more = () => {
				while (response.write(chunk)) if (response.writableLength > 64 * 1024 * 1024) return;
			};
			response.on('drain', more);
			more();
		} else if (url === '/silent') {
			// Never answers.
		} else response.writeHead(404).end();
	});
	await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
	base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => {
	server.closeAllConnections();
	server.close();
});

describe('which addresses a picture may be fetched from', () => {
	const cases: Array<[address: string, allowed: boolean]> = [
		['93.184.215.14', true],
		['2606:2800:21f:cb07:6820:80da:af6b:8b2c', true],
		['127.0.0.1', false],
		['127.8.9.10', false],
		['10.1.2.3', false],
		['172.16.0.1', false],
		['172.31.255.255', false],
		['172.32.0.1', true],
		['192.168.1.1', false],
		['169.254.169.254', false],
		['100.64.0.1', false],
		['0.0.0.0', false],
		['224.0.0.1', false],
		['255.255.255.255', false],
		['::1', false],
		['::', false],
		['fe80::1', false],
		['fd00::1', false],
		['::ffff:127.0.0.1', false],
		['::ffff:93.184.215.14', false],
		['not an address', false],
	];
	for (const [address, allowed] of cases) {
		it(`${address}: ${allowed ? 'allowed' : 'refused'}`, () => {
			assert.equal(isPublicAddress(address), allowed);
		});
	}
});

describe('fetching a picture', () => {
	it('gives the bytes of a picture', async () => {
		assert.deepEqual(Buffer.from((await fetchPicture(`${base}/picture.png`, everywhere)) as Uint8Array), png);
	});

	it('follows up to three redirects, not a fourth', async () => {
		assert.ok((await fetchPicture(`${base}/hop/2`, everywhere)) instanceof Uint8Array);
		assert.deepEqual(await fetchPicture(`${base}/hop/3`, everywhere), {problem: 'more than 3 redirects'});
	});

	it('never follows a redirect out of the web', async () => {
		assert.deepEqual(await fetchPicture(`${base}/to-file`, everywhere), {problem: 'not a web address'});
	});

	it('says what the server answered when it is not the picture', async () => {
		assert.deepEqual(await fetchPicture(`${base}/missing.png`, everywhere), {problem: 'the server answered 404'});
	});

	it('stops at 25 MB, said or not', async () => {
		assert.deepEqual(await fetchPicture(`${base}/claims-huge`, everywhere), {problem: 'larger than 25 MB'});
		assert.deepEqual(await fetchPicture(`${base}/endless`, everywhere), {problem: 'larger than 25 MB'});
	});

	it('gives up at its deadline', async () => {
		const started = performance.now();
		const fetched = await fetchPicture(`${base}/silent`, {...everywhere, timeoutMs: 200});
		assert.deepEqual(fetched, {problem: 'not fetched within 5 s'});
		assert.ok(performance.now() - started < 4000);
	});

	it('refuses this machine by its address or its name, and asks it nothing', async () => {
		const before = requests.length;
		const port = (server.address() as AddressInfo).port;
		assert.deepEqual(await fetchPicture(`${base}/picture.png`), {problem: 'not a public address'});
		assert.deepEqual(await fetchPicture(`http://localhost:${port}/picture.png`), {problem: 'not a public address'});
		assert.deepEqual(await fetchPicture(`http://[::1]:${port}/picture.png`), {problem: 'not a public address'});
		assert.equal(requests.length, before, 'no request reached the server');
	});

	it('refuses what is not http or https', async () => {
		assert.deepEqual(await fetchPicture('ftp://example.com/a.png', everywhere), {problem: 'not a web address'});
	});
});

describe('the web addresses of a post’s pictures', () => {
	const cases: Array<[name: string, markdown: string, cover: string | null, addresses: string[]]> = [
		['a Markdown image', '![alt](https://example.com/a.png "title")', null, ['https://example.com/a.png']],
		['in angle brackets', '![alt](<http://example.com/b.png>)', null, ['http://example.com/b.png']],
		['an <img> tag', '<img alt="x" src="https://example.com/c.webp">', null, ['https://example.com/c.webp']],
		['a Hugo figure', '{{< figure src="https://example.com/d.jpg" >}}', null, ['https://example.com/d.jpg']],
		[
			'a reference image, not a reference link',
			'![pic][p] and [site][s]\n\n[p]: https://example.com/e.png\n[s]: https://example.com/page',
			null,
			['https://example.com/e.png'],
		],
		['the cover', 'No pictures.', 'https://example.com/cover.png', ['https://example.com/cover.png']],
		['a local picture and a link are not', '![a](a.png) [b](https://example.com/b.png)', 'c.png', []],
		['each once', '![a](https://x.org/a.png) ![b](https://x.org/a.png)', null, ['https://x.org/a.png']],
	];
	for (const [name, markdown, cover, addresses] of cases) {
		it(name, () => {
			assert.deepEqual(remoteAddresses(markdown, cover), addresses);
		});
	}
});

describe('the remote pictures of a run', () => {
	it('fetches each once, keeps the sizes and the problems, and the bytes of pictures alone', async () => {
		const asked: string[] = [];
		const remote = new RemotePictures(async url => {
			asked.push(url);
			if (url.endsWith('ok.png')) return png;
			if (url.endsWith('text')) return new TextEncoder().encode('not a picture');
			return {problem: 'the server answered 404'};
		});
		assert.equal(await remote.fetchAll(['https://x.org/ok.png', 'https://x.org/text', 'https://x.org/gone']), true);
		assert.equal(await remote.fetchAll(['https://x.org/ok.png']), false, 'not fetched again');
		assert.deepEqual(asked, ['https://x.org/ok.png', 'https://x.org/text', 'https://x.org/gone']);
		assert.deepEqual(remote.known(), {
			'https://x.org/ok.png': {width: 8, height: 4},
			'https://x.org/text': {problem: 'not a picture blogread can read'},
			'https://x.org/gone': {problem: 'the server answered 404'},
		});
		assert.equal(remote.tried, 3);
		assert.ok(remote.bytesOf('https://x.org/ok.png'));
		assert.equal(remote.bytesOf('https://x.org/text'), undefined);
	});
});
