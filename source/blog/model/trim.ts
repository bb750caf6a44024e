// Runs of given characters taken off the ends of a text, by a loop: `/[-.]+$/` and `/\/+$/` try again from
// each character of a run that does not reach the end (`a/////…/b`), and 10,000 slashes took them half a second.

/** `text` without the run of any of `chars` at its end, and at its start too unless `endOnly`. */
export function trimRuns(text: string, chars: string, endOnly = false): string {
	let start = 0;
	let end = text.length;
	if (!endOnly) while (start < end && chars.includes(text.charAt(start))) start++;
	while (end > start && chars.includes(text.charAt(end - 1))) end--;
	return start === 0 && end === text.length ? text : text.slice(start, end);
}
