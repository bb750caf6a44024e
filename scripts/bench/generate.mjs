// Synthetic blogs for the benchmark: N posts of about 4 KB each, with YAML
// front matter, a few tags from a shared set, headings, lists and code.
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

/** Post `index` of a blog that has `perDay` posts a day from 2015 on (dates after today would make drafts). */
export function postText(index, bytes = 4096, perDay = 3) {
	const date = new Date(Date.UTC(2015, 0, 1) + (index * 86_400_000) / perDay).toISOString().slice(0, 10);
	const tags = [TAGS[index % TAGS.length], TAGS[(index * 5 + 3) % TAGS.length]];
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

export function makeBlog(folder, count, perDay = 3) {
	mkdirSync(folder, {recursive: true});
	for (let index = 0; index < count; index++) {
		const sub = path.join(folder, String(2015 + (index % 10)));
		mkdirSync(sub, {recursive: true});
		writeFileSync(path.join(sub, `post-${index}.md`), postText(index, 4096, perDay));
	}
}

export function makeLargePost(file, bytes) {
	writeFileSync(file, postText(1, bytes));
}
