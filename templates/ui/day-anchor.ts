/**
 * The prefix of a listing's day sections ('dag-74672e17' → '#dag-74672e17-2026-11-20'). A CMS
 * block id is a uuid (spec 3.3), whose first 8 hex digits tell a page's blocks apart and are
 * kept short; any other id (a hand-written 'program-1' and 'program-2' share their first 8
 * characters, and may hold characters an id should not) is hashed whole (FNV-1a, 32 bits).
 */
export function dayAnchorPrefix(blockId: string): string {
  if (/^[0-9a-f]{8}-/i.test(blockId)) return `dag-${blockId.slice(0, 8).toLowerCase()}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < blockId.length; i++) {
    hash ^= blockId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `dag-${hash.toString(16).padStart(8, "0")}`;
}
