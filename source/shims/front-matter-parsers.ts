// gray-matter, js-yaml and smol-toml, bundled as one vendor file: 60 KB to
// parse, and js-yaml builds its schemas at import. They serve only posts read
// from their files, so a start that takes every post from the index needs none
// of them (the bundle's stand-ins for each: gray-matter.ts, js-yaml.ts, smol-toml.ts).
import type realMatter from 'gray-matter';
import type realYaml from 'js-yaml';
import type {parse as realParse} from 'smol-toml';
import {vendorModule} from './vendor.js';

export const frontMatterParsers = vendorModule<{
	matter: typeof realMatter;
	yaml: typeof realYaml;
	parseToml: typeof realParse;
}>('front-matter.cjs');
