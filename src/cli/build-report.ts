import path from "node:path";
import type { BuildResult } from "../build.js";

const KIND_LABELS: Record<string, string> = { static: "pages", film: "films", culture: "culture events", article: "articles", "not-found": "not-found page" };

/** The report printed at the end of a build: pages by type, files and bytes, time per stage. */
export function formatBuildReport(result: BuildResult): string {
  const s = result.summary;
  // A fixed order: with render workers the counts arrive in any order.
  const routes = Object.keys(KIND_LABELS).filter((kind) => result.routes[kind as keyof typeof result.routes]).map((kind) => `${result.routes[kind as keyof typeof result.routes]} ${KIND_LABELS[kind]}`).join(", ");
  const total = Object.values(result.routes).reduce((sum, n) => sum + (n ?? 0), 0);
  const stages = result.timings.map((t) => `${t.stage} ${formatMs(t.ms)}`).join(", ");
  const out = path.relative(process.cwd(), result.out) || result.out;
  return [
    `Built partner ${result.partner} into ${out} (data captured ${result.capturedAt}, reference time ${result.now})`,
    `  data: ${s.pages} CMS pages, ${s.films} films, ${s.culture} culture events, ${s.showings} showings (+${s.placeholders} upcoming placeholders), ${s.articles} articles, ${s.redirects} redirects`,
    `  routes: ${total} (${routes}); previous build: ${result.previousRoutes ?? "none"}`,
    `  wrote ${result.files} files, ${formatBytes(result.bytes)}`,
    `  ${formatMs(result.wallMs)}: ${stages}`,
    ...result.notes.map((note) => `  note: ${note}`),
    "",
  ].join("\n");
}

function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  return `${(bytes / 1024).toFixed(1)} KiB`;
}
