// Which screen is on top, and its view: the help over anything, then the tag
// picker, the problems over the list, the contents and the links over the
// reader, the reader, then the list.
import {contentsView} from './contents/view.js';
import {helpView} from './help/view.js';
import {linksView} from './links/view.js';
import {listView} from './list/view.js';
import {pickerView} from './picker/view.js';
import {problemsView} from './problems/view.js';
import {deletedView, readerView} from './reader/view.js';
import type {ScreenView, ViewContext} from './view.js';

export function screenView(context: ViewContext): ScreenView {
	const {state, post, page} = context;
	if (state.showHelp) return helpView(context);
	if (state.picker) return pickerView(context);
	if (state.view === 'list') return state.problems ? problemsView(context) : listView(context);
	if (!post) return state.deleted ? deletedView(context) : listView(context);
	if (page && state.contents) return contentsView(context);
	if (page && state.links) return linksView(context);
	return readerView(context);
}
