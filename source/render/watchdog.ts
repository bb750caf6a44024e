import vm from 'node:vm';
import {errorCode} from '../util/errors.js';

/** A render stopped at its budget. */
export class OverBudget extends Error {}

/** The error for a render stopped at its budget. */
export function overBudget(budgetMs: number): OverBudget {
	return new OverBudget(`rendering took longer than ${budgetMs / 1000} s`);
}

/**
 * Where runWithin leaves the work for the script it runs: a script run in this
 * context sees only globals (a context of its own, made for each run, was a
 * noticeable part of every --print).
 */
const WATCHED = '__blogreadWatchedWork';

/**
 * Runs `work` on this thread; past `budgetMs`, V8 stops it wherever it is
 * (vm's watchdog thread) and this throws. Only for work whose state is thrown
 * away afterwards: a stopped renderer is not used again (a CLI run ends, a
 * renderer process retires).
 */
export function runWithin<T>(work: () => T, budgetMs: number): T {
	const global = globalThis as Record<string, unknown>;
	global[WATCHED] = work;
	try {
		return vm.runInThisContext(`globalThis.${WATCHED}()`, {timeout: budgetMs}) as T;
	} catch (error) {
		throw errorCode(error) === 'ERR_SCRIPT_EXECUTION_TIMEOUT' ? overBudget(budgetMs) : error;
	} finally {
		delete global[WATCHED];
	}
}
