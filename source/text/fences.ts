const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Follows fenced code blocks line by line: the returned function says, for
 * each line in turn, whether it belongs to a fence (the fence lines included),
 * where Markdown rules don't apply. As in CommonMark, a fence is closed by a
 * line of the same character, at least as long, with nothing after it but
 * spaces: "```go" inside a block is code.
 */
export function fenceTracker(): (line: string) => boolean {
	let open: string | undefined;
	return line => {
		const fence = FENCE.exec(line)?.[1];
		if (open !== undefined) {
			if (fence !== undefined && fence[0] === open[0] && fence.length >= open.length && line.trim() === fence)
				open = undefined;
			return true;
		}

		if (fence !== undefined) {
			open = fence;
			return true;
		}

		return false;
	};
}
