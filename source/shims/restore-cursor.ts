// The bundle's `restore-cursor` (scripts/bundle.mjs). Ink hides the cursor
// through cli-cursor, which registers an exit handler that writes "show
// cursor" to stderr, so `blogread 2>>errors.log` would collect one at every
// run. blogread shows the cursor itself, on the terminal, on every way out
// (ui/run.tsx).
export default function restoreCursor(): void {}
