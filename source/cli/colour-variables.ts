/**
 * NO_COLOR and FORCE_COLOR made to agree before Node reads them. When both are
 * set, Node 22 and later write "The 'NO_COLOR' env is ignored…" to stderr the
 * first time anything loads its colour code; blogread honours NO_COLOR over
 * FORCE_COLOR (DESIGN.md §1), so that warning would be wrong as well as noise.
 * An empty NO_COLOR means unset (no-color.org), which Node 22 does not follow.
 * Programs blogread starts (a pager, an editor) see the same agreement.
 */
export function settleColourVariables(env: NodeJS.ProcessEnv): void {
	if (env['NO_COLOR'] === '') delete env['NO_COLOR'];
	else if (env['NO_COLOR'] !== undefined) delete env['FORCE_COLOR'];
}
