// Which way a terminal draws pictures, from what its environment says and
// what it answers to a query. Half blocks are text, so they work everywhere
// colour does; a graphics protocol draws the picture's own pixels, where the
// terminal has one and blogread can use it in that place:
// - kitty's Unicode placeholders are text cells too, so the picture scrolls
//   with the words in the full-screen app as in printed output (kitty and
//   Ghostty draw them; other terminals that speak kitty's protocol do not);
// - iTerm2's inline images and sixel are drawn where the cursor is, once:
//   printed output only, as a full-screen app redraws its screen.
import type {ImageMode} from './mode.js';

export type Protocol = 'blocks' | 'kitty' | 'iterm' | 'sixel';

/** Where pictures are drawn: the full-screen app, printed output, or a session of blogread serve. */
export type Place = 'app' | 'print' | 'served';

/** What a terminal answered to GRAPHICS_QUERY. */
export type GraphicsReplies = {
	/** It took kitty's graphics query. */
	kitty?: boolean;
	/** Its device attributes name sixel graphics. */
	sixel?: boolean;
	/** Its name and version (XTVERSION): `kitty(0.35.2)`, `ghostty 1.1.3`, `WezTerm 20240203`. */
	version?: string;
	/** The size of a cell in pixels. */
	cell?: CellPixels;
	/** It answered the last question (device attributes, which every terminal answers): no more is coming. */
	done?: boolean;
};

export type CellPixels = {width: number; height: number};

/**
 * How pictures are drawn besides their colours: the protocol (half blocks when none is given), a
 * cell's size in pixels where the terminal said it, and whether sequences pass through tmux.
 */
export type PictureGraphics = {protocol?: Protocol; cell?: CellPixels; tmux?: boolean};

/** The id of kitty's query image: it is never stored (a=q). */
const QUERY_ID = 31;
const ESC = '\u001B';

/**
 * kitty's graphics query, the cell size in pixels (XTWINOPS 16), the terminal's name (XTVERSION),
 * then its device attributes, asked last: every terminal answers those, so their answer ends the wait.
 */
export const GRAPHICS_QUERY = `${ESC}_Gi=${QUERY_ID},s=1,v=1,a=q,t=d,f=24;AAAA${ESC}\\${ESC}[16t${ESC}[>0q${ESC}[c`;

/** The answers to GRAPHICS_QUERY's questions: kitty's (its message), XTVERSION, the cell's size, DA1. */
const KITTY_REPLY = new RegExp(`^${ESC}_Gi=${QUERY_ID}(?:,[^;]*)?;([^${ESC}]*)`);
const VERSION_REPLY = new RegExp(`^${ESC}P>\\|([\\x20-\\x7E]{1,80})${ESC}\\\\$`);
const CELL_REPLY = new RegExp(`^${ESC}\\[6;(\\d{1,4});(\\d{1,4})t$`);
const ATTRIBUTES_REPLY = new RegExp(`^${ESC}\\[\\?([\\d;]*)c$`);

/** `replies` with what one complete sequence from the terminal says, if it answers GRAPHICS_QUERY. */
export function withReply(replies: GraphicsReplies, sequence: string): GraphicsReplies {
	const kitty = KITTY_REPLY.exec(sequence);
	if (kitty) return {...replies, kitty: kitty[1] === 'OK'};
	const version = VERSION_REPLY.exec(sequence);
	if (version?.[1]) return {...replies, version: version[1]};
	const cell = CELL_REPLY.exec(sequence);
	if (cell) {
		const [height, width] = [Number(cell[1]), Number(cell[2])];
		return height > 0 && width > 0 ? {...replies, cell: {width, height}} : replies;
	}

	const attributes = ATTRIBUTES_REPLY.exec(sequence);
	if (attributes) return {...replies, sixel: (attributes[1] ?? '').split(';').includes('4'), done: true};
	return replies;
}

/** Terminals that draw kitty's Unicode placeholders, by the name they give or TERM. */
const PLACEHOLDER_TERMINALS = /^(?:kitty|ghostty|xterm-kitty|xterm-ghostty)\b/i;

/** Whether blogread runs inside tmux: here, or (over ssh) around the terminal that ran this, as its TERM says. */
function inTmux(env: NodeJS.ProcessEnv): boolean {
	return Boolean(env['TMUX']) || /^tmux/.test(env['TERM'] ?? '');
}

/** Whether blogread runs inside tmux or screen, which pass no graphics on unless told to. */
export function inMultiplexer(env: NodeJS.ProcessEnv): boolean {
	return inTmux(env) || /^screen/.test(env['TERM'] ?? '');
}

/** What the environment alone says the terminal draws, before (or without) a query. */
function fromEnvironment(env: NodeJS.ProcessEnv): Protocol | undefined {
	if (inMultiplexer(env)) return 'blocks';
	const term = env['TERM'] ?? '';
	const program = env['TERM_PROGRAM'] ?? '';
	if (PLACEHOLDER_TERMINALS.test(term) || /^ghostty$/i.test(program) || env['KITTY_WINDOW_ID']) return 'kitty';
	if (program === 'iTerm.app' || env['LC_TERMINAL'] === 'iTerm2') return 'iterm';
	return undefined;
}

/**
 * How pictures are drawn in `place`: the mode asked for where it can be drawn there, else blocks.
 * `auto` takes what the environment says, then what the terminal answered (`replies`).
 * blogread serve draws blocks: its sessions share the pictures drawn, and one reader's terminal is
 * not another's.
 */
export function chooseProtocol(
	mode: Exclude<ImageMode, 'off'>,
	place: Place,
	env: NodeJS.ProcessEnv,
	replies: GraphicsReplies = {},
): Protocol {
	if (place === 'served' || mode === 'blocks') return 'blocks';
	const wanted = mode === 'auto' ? autoProtocol(env, replies) : mode;
	return wanted === 'kitty' || place === 'print' ? wanted : 'blocks';
}

function autoProtocol(env: NodeJS.ProcessEnv, replies: GraphicsReplies): Protocol {
	const known = fromEnvironment(env);
	if (known) return known;
	if (replies.kitty && PLACEHOLDER_TERMINALS.test(replies.version ?? '')) return 'kitty';
	if (/^iTerm2\b/.test(replies.version ?? '')) return 'iterm';
	return replies.sixel ? 'sixel' : 'blocks';
}

/** Whether asking the terminal could change what `auto` draws in `place` (the environment does not settle it). */
export function worthAsking(mode: ImageMode, place: Place, env: NodeJS.ProcessEnv): boolean {
	return (
		mode === 'auto' &&
		place !== 'served' &&
		fromEnvironment(env) === undefined &&
		!TERMINALS_NOT_ASKED.test(env['TERM'] ?? '')
	);
}

/**
 * Terminals that would print part of the question as text (the Linux console reads no APC string)
 * or have no graphics at all: they are not asked.
 */
const TERMINALS_NOT_ASKED = /^(?:linux|dumb|vt\d|cons|ansi$)/;

/** How pictures are drawn in `place`, from the mode, the environment and the terminal's replies. */
export function pictureGraphics(
	mode: Exclude<ImageMode, 'off'>,
	place: Place,
	env: NodeJS.ProcessEnv,
	replies: GraphicsReplies = {},
): PictureGraphics {
	const protocol = chooseProtocol(mode, place, env, replies);
	if (protocol === 'blocks') return {};
	return {protocol, ...(replies.cell ? {cell: replies.cell} : {}), ...(inTmux(env) ? {tmux: true} : {})};
}
