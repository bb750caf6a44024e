// What a reader's ssh client tells the server about its terminal: the type
// and size from its pty request, and three variables. Nothing else a client
// sends is taken: its environment could otherwise steer the server.
import {cleanLine} from '../text/sanitize.js';
import type {ColorLevel} from '../theme/choice.js';

/** The only variables taken from a client: the terminal's type and whether it wants colour. */
export const CLIENT_VARIABLES = ['TERM', 'COLORTERM', 'NO_COLOR'] as const;
const MAX_VALUE = 64;

export type ClientEnv = Partial<Record<(typeof CLIENT_VARIABLES)[number], string>>;

/** Takes `name=value` from a client when it is one of the three, its value short and printable; says whether it did. */
export function takeVariable(env: ClientEnv, name: string, value: string): boolean {
	const known = CLIENT_VARIABLES.find(candidate => candidate === name);
	if (!known || value.length > MAX_VALUE || cleanLine(value) !== value) return false;
	env[known] = value;
	return true;
}

/** The colours a terminal of this type takes, as terminfo-less programs guess them: from TERM and COLORTERM. */
export function clientColorLevel(env: ClientEnv): ColorLevel {
	const term = env.TERM ?? '';
	if (term === '' || term === 'dumb') return 0;
	if (/^(truecolor|24bit)$/i.test(env.COLORTERM ?? '') || term.endsWith('-direct')) return 3;
	if (term.includes('256')) return 2;
	return 1;
}

/** The environment a served run sees: the client's three variables, and a UTF-8 locale (nothing says otherwise). */
export function servedEnv(env: ClientEnv): NodeJS.ProcessEnv {
	return {...env, LANG: 'C.UTF-8'};
}
