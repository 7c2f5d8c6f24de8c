/**
 * The comparison key of a site path: percent-decoded, without trailing slashes ('/' stays
 * '/'). Two paths with one key are served by one page folder (docs/redirects.md). Its own
 * module so the boot script's page loader can key pages without bundling the whole redirect
 * normaliser (src/isomorphic/redirect-path.ts re-exports it as redirectKey).
 */
export function pathKey(pathname: string): string {
  const trimmed = decodeOnce(pathname).replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

export function decodeOnce(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
