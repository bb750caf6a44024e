// The libraries the renderer calls (Markdown, highlighting, emoji), gathered
// in one module: the bundle builds them as one script that is compiled from
// V8's code cache after the first run (scripts/bundle.mjs, code-cache.ts).
import {highlight, supportsLanguage} from 'cli-highlight';
import {Marked} from 'marked';
import markedFootnote from 'marked-footnote';
import {markedTerminal} from 'marked-terminal';
import {get as emojiNamed} from 'node-emoji';

export const renderLibraries = {Marked, markedFootnote, markedTerminal, highlight, supportsLanguage, emojiNamed};
