import { readFile } from "node:fs/promises";
import path from "node:path";
import fg from "fast-glob";
import { createLinkChecker, type LinkCheckerOptions, type LinkReport } from "./link-checker.js";

/**
 * The link checker over a built site on disk (tests, and sites built earlier): every file of
 * `dir` is fed to the same checker the build runs in its emit stream. The redirects default to
 * the site's redirects.json.
 */
export async function checkLinksInFolder(dir: string, options: Partial<LinkCheckerOptions> = {}): Promise<LinkReport> {
  const redirects = options.redirects ?? (await readRedirects(dir));
  const checker = createLinkChecker({ siteUrl: options.siteUrl ?? "https://site.invalid", redirects });
  const files = (await fg("**/*", { cwd: dir, dot: true, onlyFiles: true })).sort();
  for (const file of files) {
    checker.add({ path: file, contents: file.endsWith(".html") ? await readFile(path.join(dir, file), "utf8") : "" });
  }
  return checker.finish();
}

async function readRedirects(dir: string): Promise<string[]> {
  try {
    const table = JSON.parse(await readFile(path.join(dir, "redirects.json"), "utf8")) as { fromPath: string }[];
    return table.map((entry) => entry.fromPath);
  } catch {
    return [];
  }
}
