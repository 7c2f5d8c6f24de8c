/**
 * The redirect table for the loader (spec 2.1): client/redirect-table.ts, with the build's
 * redirect normaliser it runs every entry through, is a chunk of its own (precached, loaded at
 * once by the boot script), which keeps the boot script under its 4 KB budget. A chunk that
 * cannot load means no redirects, as a table that cannot load does; the build's meta-refresh
 * pages still redirect on first load.
 */
import { MESSAGES } from "./constants.js";

let table: Promise<typeof import("../redirect-table.js") | null> | null = null;

function loadTable() {
  table ??= import("../redirect-table.js").catch((error: unknown) => {
    console.error(MESSAGES.bundle, error);
    return null;
  });
  return table;
}

/** The redirect target for a URL, or null. */
export async function redirectFor(url: URL): Promise<string | null> {
  const module = await loadTable();
  return module ? module.findRedirect(await module.loadRedirectTable(), url) : null;
}
