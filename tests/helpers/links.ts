import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "node-html-parser";
import { listFiles } from "./files.js";

/**
 * Every internal link (`href` starting with '/') of every HTML file under `out` that leads
 * neither to a file of the build nor to a redirect of its redirects.json, as 'file: href'.
 */
export async function findBrokenInternalLinks(out: string): Promise<string[]> {
  const files = new Set(await listFiles(out));
  const redirects = new Set((JSON.parse(await readFile(path.join(out, "redirects.json"), "utf8")) as { fromPath: string }[]).map((r) => r.fromPath));
  const resolves = (href: string) => {
    const pathname = decodeURIComponent(new URL(href, "https://x.example").pathname);
    const trimmed = pathname.replace(/^\/+|\/+$/g, "");
    return redirects.has(pathname) || files.has(trimmed) || files.has(trimmed === "" ? "index.html" : `${trimmed}/index.html`);
  };
  const broken: string[] = [];
  for (const file of [...files].filter((f) => f.endsWith(".html"))) {
    const doc = parse(await readFile(path.join(out, file), "utf8"));
    for (const a of doc.querySelectorAll('a[href^="/"]')) if (!resolves(a.getAttribute("href")!)) broken.push(`${file}: ${a.getAttribute("href")}`);
  }
  return [...new Set(broken)];
}
