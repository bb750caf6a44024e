// Stands in for gray-matter's own js-yaml 3 in the bundle: blogread always
// hands gray-matter its own YAML engine (source/posts/front-matter.ts), so the
// old parser would only add to every start-up.
function unused() {
	throw new Error("gray-matter was called without blogread's YAML engine");
}

module.exports = {safeLoad: unused, safeDump: unused};
