import { checkLinksInFolder } from "../../src/links/index.js";

/**
 * Every internal link (href, src, srcset, action, poster; fragments included) of every HTML
 * file under `out` that leads neither to a file of the build nor to a redirect of its
 * redirects.json, as 'page: url'. The build's own link checker (src/links), run over the folder.
 */
export async function findBrokenInternalLinks(out: string, siteUrl?: string): Promise<string[]> {
  const report = await checkLinksInFolder(out, siteUrl ? { siteUrl } : {});
  return [...new Set(report.broken.map((link) => `${link.page}: ${link.url}`))];
}
