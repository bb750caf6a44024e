// Names compared as a reader expects (the collator's order, case aside),
// and how far apart two are in spelling.

// One collator for every comparison (localeCompare builds one per call),
// made at the first tie: ICU's collation data is loaded then.
let collator: Intl.Collator | undefined;
/** Whether the collator orders space, digits and letters as `SIMPLE_WEIGHTS` does (English does; Danish doesn't). */
let simpleOrder = false;

/** The collator's order of space, digits and letters (case aside), for the titles made only of them. */
const SIMPLE_WEIGHTS = new Uint8Array(128);
SIMPLE_WEIGHTS[0x20] = 1;
for (let code = 0x30; code <= 0x39; code++) SIMPLE_WEIGHTS[code] = 2 + code - 0x30;
for (let code = 0x61; code <= 0x7a; code++) {
	SIMPLE_WEIGHTS[code] = 12 + code - 0x61;
	SIMPLE_WEIGHTS[code - 0x20] = 12 + code - 0x61;
}

/** `a` and `b` compared by `SIMPLE_WEIGHTS`, or undefined when either has another character. */
export function compareSimpleNames(a: string, b: string): number | undefined {
	const shorter = Math.min(a.length, b.length);
	for (let index = 0; index < shorter; index++) {
		const weightA = SIMPLE_WEIGHTS[a.charCodeAt(index)] ?? 0;
		const weightB = SIMPLE_WEIGHTS[b.charCodeAt(index)] ?? 0;
		if (weightA === 0 || weightB === 0) return undefined;
		if (weightA !== weightB) return weightA < weightB ? -1 : 1;
	}

	for (const rest of [a, b])
		for (let index = shorter; index < rest.length; index++)
			if ((SIMPLE_WEIGHTS[rest.charCodeAt(index)] ?? 0) === 0) return undefined;
	return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

// Titles tie on dates often (a blog posting several a day); most are plain words, compared
// here without the collator, which is most of a large sort's cost.
export function compareNames(a: string, b: string): number {
	if (!collator) {
		collator = new Intl.Collator(undefined, {sensitivity: 'base'});
		simpleOrder = /^en(?:-|$)/.test(collator.resolvedOptions().locale);
	}

	return (simpleOrder ? compareSimpleNames(a, b) : undefined) ?? collator.compare(a, b);
}

/** How many single-letter edits turn one word into the other (Levenshtein). */
export function editDistance(a: string, b: string): number {
	let previous = Array.from({length: b.length + 1}, (_, index) => index);
	for (let i = 1; i <= a.length; i++) {
		const current = [i];
		for (let j = 1; j <= b.length; j++) {
			current[j] = Math.min(
				(previous[j] ?? 0) + 1,
				(current[j - 1] ?? 0) + 1,
				(previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
			);
		}

		previous = current;
	}

	return previous[b.length] ?? 0;
}
