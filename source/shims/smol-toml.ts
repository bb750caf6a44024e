// The bundle's smol-toml for blog/load/front-matter.ts, required on first use (front-matter-parsers.ts).
import type {parse as realParse} from 'smol-toml';
import {frontMatterParsers} from './front-matter-parsers.js';

export const parse: typeof realParse = ((...args: Parameters<typeof realParse>) =>
	frontMatterParsers().parseToml(...args)) as typeof realParse;
