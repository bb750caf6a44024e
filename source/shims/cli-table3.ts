// The bundle's `cli-table3` for marked-terminal (scripts/bundle.mjs).
// marked-terminal draws tables with cli-table3 (34 KB with its own
// string-width and colours, loaded at every --print), but blogread uses only
// its inline styles and draws tables itself (render/table.ts): its table
// renderer is never called.
export default class Table {
	constructor() {
		throw new Error('blogread draws tables itself');
	}
}
