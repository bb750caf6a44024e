// Taken for Ink's devtools module (scripts/bundle.mjs), which Ink imports when DEV=true to connect
// React's devtools: blogread does not ship them, so DEV=true changes nothing.
export {};
