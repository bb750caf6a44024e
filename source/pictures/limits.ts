// What blogread will decode of a picture a post names: posts are untrusted,
// and a small file can claim a huge picture (a decompression bomb).

/** Files larger than this are not read. */
export const MAX_PICTURE_BYTES = 25 * 1024 * 1024;
/** Pictures of more pixels than this are not decoded. */
export const MAX_PICTURE_PIXELS = 50_000_000;
/** A picture that takes longer than this to decode is given up on. */
export const DECODE_SECONDS = 5;
/** How much of a file is read to learn its size: most say it in their first bytes. */
export const FIRST_HEADER_BYTES = 16 * 1024;
/** How much is read when that was not enough: a JPEG whose camera data comes first. */
export const HEADER_BYTES = 256 * 1024;
