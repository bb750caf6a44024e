// React's scheduler (the package Ink's renderer queues its work in) ships no
// types; these are the parts blogread uses.
declare module 'scheduler' {
	export const unstable_NormalPriority: 3;
	/** Queues `callback` behind the tasks of the same priority queued before it; returns the task. */
	export function unstable_scheduleCallback(priority: 3, callback: () => void): unknown;
}
