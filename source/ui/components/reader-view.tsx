import type {Theme} from '../../theme/palette.js';
import {type Hit, markRanges} from '../state/hits.js';
import type {ReaderPage} from '../state/model.js';
import {Lines} from './lines.js';

type Props = {
	page: ReaderPage;
	top: number;
	height: number;
	margin: number;
	hits: Hit[];
	current: number;
	theme: Theme;
};

/** The lines of the open post that fit on screen, with find matches marked (the current one underlined too). */
export function ReaderView({page, top, height, margin, hits, current, theme}: Props) {
	const indent = ' '.repeat(margin);
	const lines = page.lines.slice(top, top + height).map((line, offset) => {
		const ranges = hits.flatMap((hit, index) =>
			hit.line === top + offset ? [{...hit, ...(index === current ? theme.currentHitCodes : theme.hitCodes)}] : [],
		);
		return indent + markRanges(line, ranges);
	});
	return <Lines lines={lines} height={height} />;
}
