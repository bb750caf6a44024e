import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {readHugoConfig} from '../../../source/blog/load/hugo-config.js';

/** A site's files as readHugoConfig reads them: '' for a file that is not there. */
const site = (files: Record<string, string>) => (relative: string) => files[relative] ?? '';

describe('readHugoConfig: what a Hugo site says about its posts', () => {
	it('reads the languages’ content folders and the main sections from hugo.toml', () => {
		const config = readHugoConfig(
			site({
				'hugo.toml': [
					'defaultContentLanguage = "ja"',
					'[languages.en]',
					'contentDir = "content/en"',
					'[languages.ja]',
					'contentDir = "content/ja/"',
					'[params]',
					'mainSections = ["blog", "notes"]',
				].join('\n'),
			}),
		);
		assert.equal(config.defaultLanguage, 'ja');
		assert.deepEqual(
			[...config.contentDirs],
			[
				['en', 'content/en'],
				['ja', 'content/ja'],
			],
		);
		assert.deepEqual(config.mainSections, ['blog', 'notes']);
	});

	it('merges config/_default: its languages and params files, YAML too', () => {
		const config = readHugoConfig(
			site({
				'config/_default/hugo.yaml': 'mainSections: [posts]\n',
				'config/_default/languages.yaml': 'fr:\n  contentDir: content/fr\nen:\n  contentDir: content/en\n',
			}),
		);
		assert.equal(config.defaultLanguage, 'en');
		assert.deepEqual(config.contentDirs.get('fr'), 'content/fr');
		assert.deepEqual(config.mainSections, ['posts']);
	});

	it('keeps only content folders inside the site, and reads nothing it cannot parse', () => {
		const config = readHugoConfig(
			site({
				'hugo.toml': '[languages.en]\ncontentDir = "../../etc"\n[languages.de]\ncontentDir = "/abs"\n',
				'config/_default/params.toml': 'this is not toml = = =',
			}),
		);
		assert.deepEqual([...config.contentDirs], []);
		assert.equal(config.mainSections, undefined);
	});

	it('says nothing for a site without a config', () => {
		assert.deepEqual(readHugoConfig(site({})), {
			defaultLanguage: 'en',
			contentDirs: new Map(),
			mainSections: undefined,
			params: {},
		});
	});
});
