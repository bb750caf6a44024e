/** An expected failure: printed as one line, no stack trace. */
export class UserError extends Error {
	constructor(
		message: string,
		/** 1: a runtime failure (path missing, post not found); 2: a usage error. */
		readonly exitCode: 1 | 2 = 1,
	) {
		super(message);
		this.name = 'UserError';
	}
}

/** What went wrong, as its message: whatever was thrown. */
export function errorMessage(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

/** The system error code of a failed file operation (`EACCES`, `ENOENT`…), for a one-line message. */
export function errorCode(error: unknown): string {
	return error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
}
