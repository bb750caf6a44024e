// The sixel package's encoder, bundled on its own and loaded the first time a picture is printed
// as sixel (scripts/bundle.mjs). The package's quantizer sets a global, UPNG, as it loads, by an
// assignment that strict mode (which the bundle is in) refuses unless the global exists: it is
// made first, as the package itself would make it outside strict mode.
globalThis.UPNG ??= undefined;

const {image2sixel, sixelEncode} = require('sixel/lib/SixelEncoder.js');

module.exports = {image2sixel, sixelEncode};
