// The bundle's js-yaml for blog/load/front-matter.ts, required on first use (front-matter-parsers.ts).
import type realYaml from 'js-yaml';
import {frontMatterParsers} from './front-matter-parsers.js';

export default {
	load: (...args: Parameters<typeof realYaml.load>) => frontMatterParsers().yaml.load(...args),
	get CORE_SCHEMA() {
		return frontMatterParsers().yaml.CORE_SCHEMA;
	},
};
