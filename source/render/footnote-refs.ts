import type {MarkedExtension, Token, TokenizerAndRendererExtension, TokenizerExtension} from 'marked';
import markedFootnote from 'marked-footnote';
import {nextEvent, type Scan} from './lexing-runs.js';

// marked-footnote reads footnote definitions and numbers the notes in the order
// they are first referred to. Its reference rule looked each reference's note up
// by filtering every definition read so far (and every note numbered so far):
// a post of 100,000 notes took 20 s, most of it there. References are read here
// instead, with each note found by its label in a map kept as definitions come;
// the tokens, numbers and notes are marked-footnote's own, as it makes them.

/** A definition as marked-footnote makes it: its references are added as they are read. */
type Note = {type: 'footnote'; label: string; refs: Reference[]};
type Reference = {type: 'footnoteRef'; raw: string; index: number; id: string; label: string};
/** marked-footnote's notes token, the first of the post's tokens: every definition, and the notes referred to. */
type Notes = {type: 'footnotes'; rawItems: Note[]; items: Note[]};

/** A list's first element by label, kept up to date as the list grows (it only ever grows, or is replaced). */
type LabelIndex = {list: Note[]; seen: number; byLabel: Map<string, Note>};

function firstByLabel(index: LabelIndex, label: string): Note | undefined {
	for (; index.seen < index.list.length; index.seen++) {
		const note = index.list[index.seen];
		if (note && !index.byLabel.has(note.label)) index.byLabel.set(note.label, note);
	}

	return index.byLabel.get(label);
}

function indexOf(indexes: WeakMap<Note[], LabelIndex>, list: Note[]): LabelIndex {
	let index = indexes.get(list);
	if (!index) {
		index = {list, seen: 0, byLabel: new Map()};
		indexes.set(list, index);
	}

	return index;
}

/** The end of a reference's label: the first `]` or line break at or after `from`. */
const NEXT_LABEL_END: Scan = (text, from) => {
	for (let at = from; at < text.length; at++) {
		const code = text.charCodeAt(at);
		if (code === 93 || code === 10) return at;
	}

	return -1;
};

/**
 * The reference rule: `[^label]` where a definition of that label was read (as
 * marked-footnote's `^\[\^([^\]\n]+)\]`); the note is numbered at its first reference.
 */
function referenceRule(): TokenizerExtension['tokenizer'] {
	let numbered = 0;
	const indexes = new WeakMap<Note[], LabelIndex>();
	return function reference(source): Reference | undefined {
		if (!source.startsWith('[^')) return undefined;
		// An unclosed `[^` is looked past once per run of text, not once per `[^` (lexing-runs.ts).
		const end = nextEvent('inline', NEXT_LABEL_END, source, 2, NEXT_LABEL_END);
		if (end <= 2 || source.charCodeAt(end) !== 93) return undefined;
		const notes = this.lexer.tokens[0] as Token | Notes | undefined;
		if (notes?.type !== 'footnotes' || !('rawItems' in notes)) return undefined;
		const label = source.slice(2, end);
		const note = firstByLabel(indexOf(indexes, notes.rawItems), label);
		if (!note) return undefined;
		const used = firstByLabel(indexOf(indexes, notes.items), label);
		const reference: Reference = {
			type: 'footnoteRef',
			raw: source.slice(0, end + 1),
			index: note.refs.length,
			id: '',
			label,
		};
		if (used) {
			reference.id = used.refs[0]?.id ?? '';
			used.refs.push(reference);
		} else {
			numbered++;
			reference.id = String(numbered);
			note.refs.push(reference);
			notes.items.push(note);
		}

		return reference;
	};
}

/**
 * Definitions inside definitions deeper than this are read as text. marked-footnote lexes a definition's
 * text as blocks, so `[^1]: [^2]: [^3]: …` on one line is a definition in a definition in one …, each a
 * few calls deeper: 2,700 of them ran out of stack. 16 as for lists and quotes (markdown.ts).
 */
export const MAX_NOTE_DEPTH = 16;

/** marked-footnote's definition rule, handing over to the other rules (text) inside MAX_NOTE_DEPTH definitions. */
function boundedDefinition(rule: TokenizerExtension['tokenizer']): TokenizerExtension['tokenizer'] {
	let depth = 0;
	return function definition(source, tokens) {
		if (depth >= MAX_NOTE_DEPTH) return undefined;
		depth++;
		try {
			return rule.call(this, source, tokens);
		} finally {
			depth--;
		}
	};
}

/** marked-footnote, with references read by the rule above and definitions nested at most MAX_NOTE_DEPTH deep. */
export function footnotes(): MarkedExtension {
	const extension = markedFootnote({refMarkers: false});
	const tokenizer = referenceRule();
	extension.extensions = extension.extensions?.map(each => {
		if (each.name === 'footnoteRef') return {...(each as TokenizerAndRendererExtension), tokenizer};
		if (each.name === 'footnote' && 'tokenizer' in each)
			return {...(each as TokenizerAndRendererExtension), tokenizer: boundedDefinition(each.tokenizer)};
		return each;
	});
	return extension;
}
