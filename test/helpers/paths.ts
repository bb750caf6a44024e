import path from 'node:path';

// The folders the tests read, from the repository's root: a test file's depth under test/ never matters.

/** The repository's root. */
export const ROOT = path.join(import.meta.dirname, '..', '..');
/** test/fixtures: the blogs, sites and renderings the team wrote for the tests. */
export const FIXTURES = path.join(ROOT, 'test', 'fixtures');
/** posts/: the sample blog. */
export const SAMPLE_BLOG = path.join(ROOT, 'posts');
/** dist/: the built bin (npm run build). */
export const DIST = path.join(ROOT, 'dist');
