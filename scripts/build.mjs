// Bundles the CLI for production: one ES module build, a small entry (flags
// and help) with the rest in chunks loaded on demand, and the render worker.
import {rm} from 'node:fs/promises';
import {bundle} from './bundle.mjs';

await rm('dist', {recursive: true, force: true});
await bundle({cli: 'source/cli/entry.ts', 'render-worker': 'source/render/render-worker.ts'}, 'dist');
