// Bundles the CLI for production: one small entry chunk (flags and help) and
// lazily loaded parts (see bundle.mjs).
import {rm} from 'node:fs/promises';
import {bundle} from './bundle.mjs';

await rm('dist', {recursive: true, force: true});
await bundle({cli: 'source/cli.tsx', 'render-worker': 'source/render-worker.ts'}, 'dist');
