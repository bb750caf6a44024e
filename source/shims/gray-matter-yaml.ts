// The bundle's js-yaml 3 for gray-matter (scripts/bundle.mjs): blogread always
// hands gray-matter its own YAML engine (blog/load/front-matter.ts), so the old
// parser would only add to every start.
function unused(): never {
	throw new Error("gray-matter was called without blogread's YAML engine");
}

export const safeLoad = unused;
export const safeDump = unused;
export default {safeLoad, safeDump};
