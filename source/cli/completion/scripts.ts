// The shell completion scripts (`blogread completion bash|zsh|fish`), made
// from the flag table, so a flag added there is completed everywhere. A tag
// or a post is completed by asking blogread (`blogread completion tags|posts`),
// whose answer each script takes word for word: never through `eval` or
// bash's `compgen -W`, which would expand what a post wrote.
import {type FlagSpec, flags, longSpelling} from '../flags.js';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/** The values a flag's argument takes, where blogread knows them. */
type Values = {kind: 'dynamic'; source: 'tags' | 'posts'} | {kind: 'words'; words: readonly string[]} | {kind: 'free'};

const VALUES: Partial<Record<string, Values>> = {
	tag: {kind: 'dynamic', source: 'tags'},
	print: {kind: 'dynamic', source: 'posts'},
	theme: {kind: 'words', words: ['dark', 'light', 'auto']},
};

/** The words a first argument may be besides a path. */
const COMMANDS = ['serve', 'completion'];

type Flag = {
	long: string;
	short: string | undefined;
	takesValue: boolean;
	repeats: boolean;
	help: string;
	values: Values;
};

/** Each flag as a shell sees it: its spellings, whether it takes a value, its help's first line. */
function flagList(): Flag[] {
	return (Object.entries(flags) as Array<[string, FlagSpec]>).map(([name, spec]) => ({
		long: longSpelling(name, spec),
		short: spec.short === undefined ? undefined : `-${spec.short}`,
		takesValue: spec.kind !== 'boolean',
		repeats: spec.kind === 'list',
		help: spec.help.split('\n')[0] ?? '',
		values: VALUES[name] ?? {kind: 'free'},
	}));
}

const spellings = (flag: Flag) => (flag.short === undefined ? [flag.long] : [flag.long, flag.short]);

function bash(list: Flag[]): string {
	const cases = list
		.filter(flag => flag.takesValue)
		.map(flag => {
			const pattern = spellings(flag).join('|');
			const {values} = flag;
			if (values.kind === 'dynamic') {
				const fallback = values.source === 'posts' ? ` ((\${#COMPREPLY[@]})) || compopt -o default;` : '';
				return `\t\t${pattern}) _blogread_values ${values.source} "$cur" "\${typed[@]}";${fallback} return ;;`;
			}

			if (values.kind === 'words')
				return `\t\t${pattern}) COMPREPLY=($(compgen -W '${values.words.join(' ')}' -- "$cur")); return ;;`;
			return `\t\t${pattern}) return ;;`;
		});
	const all = list.flatMap(spellings).join(' ');
	return `# blogread completion for bash (made by \`blogread completion bash\`). Load it from your
# ~/.bashrc with  source <(blogread completion bash)  or save it where bash-completion looks:
#   blogread completion bash > ~/.local/share/bash-completion/completions/blogread

# The blog's own values (tags, slugs), word for word, each quoted for the command line.
_blogread_values() {
	local kind=$1 cur=$2 value
	shift 2
	COMPREPLY=()
	while IFS= read -r value; do
		COMPREPLY+=("$(printf '%q' "$value")")
	done < <(command blogread completion "$kind" --prefix "$cur" -- "$@" 2>/dev/null)
}

_blogread() {
	local cur=\${COMP_WORDS[COMP_CWORD]} prev=\${COMP_WORDS[COMP_CWORD-1]}
	local typed=("\${COMP_WORDS[@]:1:COMP_CWORD-1}")
	if ((COMP_CWORD >= 2)) && [[ \${COMP_WORDS[1]} == completion ]]; then
		((COMP_CWORD == 2)) && COMPREPLY=($(compgen -W '${SHELLS.join(' ')}' -- "$cur"))
		return
	fi

	case $prev in
${cases.join('\n')}
	esac

	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W '${all}' -- "$cur"))
	else
		((COMP_CWORD == 1)) && COMPREPLY=($(compgen -W '${COMMANDS.join(' ')}' -- "$cur"))
		compopt -o default
	fi
}

complete -F _blogread blogread
`;
}

/** A help line inside a single-quoted `_arguments` spec: a closing bracket quoted, a quote closed and reopened. */
const zshText = (text: string) => text.replace(/]/g, '\\]').replace(/'/g, "'\\''");

function zsh(list: Flag[]): string {
	const specs = list.map(flag => {
		const names = spellings(flag);
		const exclusive = flag.repeats ? '*' : names.length > 1 ? `(${names.join(' ')})` : '';
		const spelled = names.length > 1 ? `{${names.join(',')}}` : names[0];
		let action = '';
		if (flag.takesValue) {
			const {values} = flag;
			const what = flag.long.slice(2);
			if (values.kind === 'dynamic') action = `:${what}:_blogread_${values.source}`;
			else if (values.kind === 'words') action = `:${what}:(${values.words.join(' ')})`;
			else action = `:${what}: `;
		}

		return `\t\t'${exclusive}'${spelled}'[${zshText(flag.help)}]${action}' \\`;
	});
	return `#compdef blogread
# blogread completion for zsh (made by \`blogread completion zsh\`). Save it as _blogread in a
# folder of your $fpath, before compinit runs:
#   blogread completion zsh > ~/.zfunc/_blogread   # and in ~/.zshrc: fpath=(~/.zfunc $fpath)

# The blog's own values (tags, slugs), word for word: compadd quotes them as they go in.
_blogread_values() {
	local -a values
	values=(\${(f)"$(command blogread completion $1 --prefix "$PREFIX" -- "\${(@)words[2,CURRENT-1]}" 2>/dev/null)"})
	compadd -U -- "\${values[@]}"
}
_blogread_tags() { _blogread_values tags }
_blogread_posts() { _blogread_values posts || _files }

_blogread() {
	if ((CURRENT > 2)) && [[ \${words[2]} == completion ]]; then
		((CURRENT == 3)) && compadd -- ${SHELLS.join(' ')}
		return
	fi

	_arguments -s \\
${specs.join('\n')}
		'1: :{_alternative "commands:command:(${COMMANDS.join(' ')})" "files:blog folder or post:_files"}' \\
		'*:blog folder or post:_files'
}

if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
	_blogread "$@"
else
	compdef _blogread blogread
fi
`;
}

/** Text inside fish's single quotes. */
const fishText = (text: string) => text.replace(/\\/g, '\\\\').replace(/'/g, "\\'");

function fish(list: Flag[]): string {
	const lines = list.flatMap(flag => {
		const option = ['complete -c blogread -n "not __fish_seen_subcommand_from completion"'];
		if (flag.short !== undefined) option.push(`-s ${flag.short.slice(1)}`);
		option.push(`-l ${flag.long.slice(2)}`);
		const {values} = flag;
		// The values on a line of their own: on the option's line, each would show the option's help.
		const valueLine = (takes: string) => [...option, takes].join(' ');
		const described = [...option, flag.takesValue ? '-x' : '', `-d '${fishText(flag.help)}'`].filter(Boolean).join(' ');
		// A post is a slug or a file's path: files are offered too.
		if (values.kind === 'dynamic')
			return [
				described,
				valueLine(`${values.source === 'posts' ? '-r' : '-x'} -a '(__blogread_values ${values.source})'`),
			];
		if (values.kind === 'words') return [described, valueLine(`-x -a '${values.words.join(' ')}'`)];
		return [described];
	});
	return `# blogread completion for fish (made by \`blogread completion fish\`). Save it where fish looks:
#   blogread completion fish > ~/.config/fish/completions/blogread.fish

# The blog's own values (tags, slugs), a line each: fish takes each line as one value.
function __blogread_values
    set -l typed (commandline -opc)
    command blogread completion $argv[1] --prefix (commandline -ct) -- $typed[2..-1] 2>/dev/null
end

complete -c blogread -n "__fish_use_subcommand" -a '${COMMANDS.join(' ')}'
complete -c blogread -n "__fish_seen_subcommand_from completion" -f -a '${SHELLS.join(' ')}'
${lines.join('\n')}
`;
}

/** The completion script for `shell`. */
export function completionScript(shell: Shell): string {
	const list = flagList();
	return shell === 'bash' ? bash(list) : shell === 'zsh' ? zsh(list) : fish(list);
}
