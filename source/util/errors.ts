/**
 * UserError's brand. The bin holds this module in two builds (scripts/bundle.mjs, bundleBin), so an
 * error made by one copy must be a UserError to the other: instanceof asks for the brand.
 */
const USER_ERROR = Symbol.for('blogread.UserError');

/** An expected failure: printed as one line, no stack trace. */
export class UserError extends Error {
	readonly [USER_ERROR] = true;

	static override [Symbol.hasInstance](value: unknown): boolean {
		return typeof value === 'object' && value !== null && USER_ERROR in value;
	}

	constructor(
		message: string,
		/** 1: a runtime failure (path missing, post not found); 2: a usage error. */
		readonly exitCode: 1 | 2 = 1,
	) {
		super(message);
		this.name = 'UserError';
	}
}

// Errors are read by shape, not by class: one made in another realm (a vm
// context's watchdog error) is not an instance of this realm's Error.
function field(error: unknown, name: 'message' | 'code'): unknown {
	return typeof error === 'object' && error !== null && name in error
		? (error as Record<string, unknown>)[name]
		: undefined;
}

/** What went wrong, as its message: whatever was thrown. */
export function errorMessage(error: unknown): string {
	const message = field(error, 'message');
	return typeof message === 'string' ? message : String(error);
}

/** The system error code of a failed file operation (`EACCES`, `ENOENT`…), for a one-line message. */
export function errorCode(error: unknown): string {
	const code = field(error, 'code');
	return code === undefined ? 'unreadable' : String(code);
}
