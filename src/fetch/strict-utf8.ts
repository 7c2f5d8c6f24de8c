/**
 * Strict UTF-8 for everything read from outside (snapshot files and API answers): bytes that
 * are not UTF-8 would become U+FFFD on the site without a word (docs/security.md, "Text from the APIs"), so they are an
 * error naming where they are.
 */
const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/** The text, or null when the bytes are not valid UTF-8 (a leading BOM is dropped). */
export function decodeUtf8OrNull(bytes: Uint8Array): string | null {
  try {
    return UTF8.decode(bytes);
  } catch {
    return null;
  }
}

/** Offset of the first byte that does not start or continue a valid UTF-8 sequence. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    const length =
      b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (length === 0) return i;
    for (let k = 1; k < length; k += 1) if (i + k >= bytes.length || (bytes[i + k] & 0xc0) !== 0x80) return i;
    // Overlong forms and encoded surrogates (ED A0 80) have the right shape; the decoder refuses them.
    if (length > 1 && decodeUtf8OrNull(bytes.subarray(i, i + length)) === null) return i;
    i += length;
  }
  return i;
}
