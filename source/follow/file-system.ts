// Which file systems tell a watcher nothing: on a network or FUSE mount, inotify
// sees only the changes made on this machine (often not even those), so
// changes there are polled for instead.

/** `statfs` magic numbers (linux/magic.h and the file systems' own sources) of mounts inotify can't follow. */
const UNWATCHABLE = new Map<number, string>([
	[0x6969, 'NFS'],
	[0x517b, 'SMB'],
	[0xff534d42, 'CIFS'],
	[0xfe534d42, 'SMB2'],
	[0x65735546, 'FUSE'],
	[0x01021997, '9P'],
	[0x00c36400, 'Ceph'],
	[0x5346414f, 'AFS'],
	[0x6b414653, 'AFS'],
	[0x47504653, 'GPFS'],
	[0x0bd00bd0, 'Lustre'],
]);

/** The name of a network (or FUSE) file system from its `statfs` type, or undefined for a local one. */
export function unwatchableFileSystem(type: number | bigint): string | undefined {
	// statfs gives the magic as a signed number on some systems: it is read as 32 bits unsigned.
	return UNWATCHABLE.get(Number(BigInt.asUintN(32, BigInt(type))));
}
