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
