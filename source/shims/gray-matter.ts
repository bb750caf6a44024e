// The bundle's gray-matter for blog/load/front-matter.ts, required on first use (front-matter-parsers.ts).
import type realMatter from 'gray-matter';
import {frontMatterParsers} from './front-matter-parsers.js';

export default function matter(...args: Parameters<typeof realMatter>): ReturnType<typeof realMatter> {
	return frontMatterParsers().matter(...args);
}
