// Bundles the CLI for production: one small entry chunk (flags and help) and
// lazily loaded chunks for the app and the render worker.
import {rm} from 'node:fs/promises';
import {bundle} from './bundle.mjs';

await rm('dist', {recursive: true, force: true});
await bundle(['source/cli.tsx', 'source/render-worker.ts'], 'dist');
