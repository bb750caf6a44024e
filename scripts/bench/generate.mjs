// Synthetic blogs for the benchmark: N posts of about 4 KB each, with YAML
// front matter, a few tags from a shared set, headings, lists and code.
// A blog can also have a third tag from a set of `topics` distinct ones, so
// the tag picker can be timed over thousands of tags as a large blog has them.
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';

const TAGS = [
	'go',
	'rust',
	'linux',
	'shell',
	'terminal',
	'kubernetes',
	'git',
	'writing',
	'tools',
	'cli',
	'databases',
	'networking',
];
const WORDS = [
	'the quick reader scrolls through posts while a kubelet watches pods',
	'and a worker pool drains its queue of jobs before the deadline',
]
	.join(' ')
	.split(' ');

function sentence(seed, length) {
	return Array.from({length}, (_, index) => WORDS[(seed * 7 + index * 13) % WORDS.length]).join(' ');
}

/**
 * Post `index` of a blog that has `perDay` posts a day from 2015 on (dates after today would make drafts);
 * with `topics`, it also has the tag `topic-<index % topics>`.
 */
export function postText(index, bytes = 4096, perDay = 3, topics = 0) {
	const date = new Date(Date.UTC(2015, 0, 1) + (index * 86_400_000) / perDay).toISOString().slice(0, 10);
	const tags = [TAGS[index % TAGS.length], TAGS[(index * 5 + 3) % TAGS.length]];
	if (topics > 0) tags.push(`topic-${index % topics}`);
	let body = [
		`## Part one of post ${index}`,
		`${sentence(index, 40)}.`,
		`- **${sentence(index + 1, 3)}** and \`code\`\n- ${sentence(index + 2, 8)}`,
		`\`\`\`go\nfunc main() { fmt.Println(${index}) }\n\`\`\``,
		'',
	].join('\n\n');
	for (let part = 0; body.length < bytes; part++) body += `${sentence(index + part, 60)}.\n\n`;
	const front = [
		`title: "Synthetic post number ${index}"`,
		`date: ${date}`,
		'author: "Bench Writer"',
		`tags: [${tags.join(', ')}]`,
		`excerpt: "${sentence(index, 12)}"`,
	];
	return `---\n${front.join('\n')}\n---\n\n${body}`;
}

/** `count` posts in ten folders; `topics`: how many distinct third tags the posts share (none by default). */
export function makeBlog(folder, count, perDay = 3, topics = 0) {
	mkdirSync(folder, {recursive: true});
	// The folders once, not at every post: 100,000 posts took 23 s instead of 51 s (once each, a busy machine).
	for (let year = 0; year < Math.min(count, 10); year++)
		mkdirSync(path.join(folder, String(2015 + year)), {recursive: true});
	for (let index = 0; index < count; index++) {
		const sub = path.join(folder, String(2015 + (index % 10)));
		writeFileSync(path.join(sub, `post-${index}.md`), postText(index, 4096, perDay, topics));
	}
}

/**
 * One post of about `bytes`; its `index` sets its date (three posts a day from 2015)
 * and its heading `Part one of post <index>`.
 */
export function makeLargePost(file, bytes, index = 1) {
	writeFileSync(file, postText(index, bytes));
}

/**
 * A post of about `bytes` of emoji-dense prose (`a😀b` words, 300 a paragraph): the kind that took the
 * renderer longest, and the plain-text fallback too before it measured a lone emoji without a segmenter.
 */
export function makeEmojiPost(file, bytes) {
	const paragraph = Array(300).fill('a😀b').join(' ');
	const count = Math.ceil(bytes / Buffer.byteLength(`${paragraph}\n\n`));
	const body = Array.from({length: count}, () => paragraph).join('\n\n');
	writeFileSync(file, `---\ntitle: "Emoji-dense"\ndate: 2001-01-01\n---\n\n${body}\n`);
}
