// Which network a client connects from: one person is rarely limited to one
// address (a /24 in IPv4, and a whole /64 is handed to each IPv6 home), so
// connections are counted by network as well as by address.
import {isIPv4, isIPv6} from 'node:net';

export type AddressGroups = {
	/** The address as counted: an IPv4 address written as IPv6 (`::ffff:a.b.c.d`) is the IPv4 address. */
	address: string;
	/** Its network: the /24 of an IPv4 address, the /64 of an IPv6 one, as CIDR; else the address itself. */
	prefix: string;
};

/** An IPv6 address's 8 groups of 16 bits, or undefined when it is not one. */
function ipv6Groups(text: string): number[] | undefined {
	const address = text.split('%')[0] ?? '';
	if (!isIPv6(address)) return undefined;
	// A dotted IPv4 tail (::ffff:1.2.3.4) is its last two groups.
	const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(address);
	const parts = dotted ? ipv4Tail(dotted[1] ?? '', dotted[2] ?? '') : address;
	const [head = '', tail] = parts.split('::');
	const groups = (part: string) => (part === '' ? [] : part.split(':').map(group => Number.parseInt(group, 16)));
	const before = groups(head);
	if (tail === undefined) return before;
	const after = groups(tail);
	return [...before, ...Array.from({length: 8 - before.length - after.length}, () => 0), ...after];
}

function ipv4Tail(head: string, ipv4: string): string {
	const [a = 0, b = 0, c = 0, d = 0] = ipv4.split('.').map(Number);
	return `${head}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

const isMappedIpv4 = (groups: number[]) => groups.slice(0, 5).every(group => group === 0) && groups[5] === 0xff_ff;

function ipv4Groups(address: string): AddressGroups {
	const [a, b, c] = address.split('.');
	return {address, prefix: `${a}.${b}.${c}.0/24`};
}

/** The address and network a connection from `remote` (as Node gives it) is counted under. */
export function addressGroups(remote: string): AddressGroups {
	if (isIPv4(remote)) return ipv4Groups(remote);
	const groups = ipv6Groups(remote);
	if (!groups) return {address: remote, prefix: remote};
	if (isMappedIpv4(groups)) {
		const [high = 0, low = 0] = groups.slice(6);
		return ipv4Groups(`${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`);
	}

	return {
		address: remote,
		prefix: `${groups
			.slice(0, 4)
			.map(group => group.toString(16))
			.join(':')}::/64`,
	};
}
