// Bundles the CLI for production: a small entry (flags and help), one file with
// all a list or the app needs to start, the rest in chunks loaded on demand, and
// the renderer process (scripts/bundle.mjs, bundleBin).
import {rm} from 'node:fs/promises';
import {bundleBin} from './bundle.mjs';

await rm('dist', {recursive: true, force: true});
await bundleBin('dist');
