import type { BuildResult } from "../build.js";

/** The report printed at the end of a build: what was loaded and the time per stage. */
export function formatBuildReport(result: BuildResult): string {
  const s = result.summary;
  const stages = result.timings.map((t) => `${t.stage} ${formatMs(t.ms)}`).join(", ");
  return [
    `Loaded partner ${result.partner} (captured ${result.capturedAt}, reference time ${result.now}):`,
    `  ${s.pages} pages, ${s.films} films, ${s.culture} culture events, ${s.showings} showings (+${s.placeholders} upcoming placeholders), ${s.articles} articles, ${s.redirects} redirects`,
    `  ${formatMs(result.wallMs)}: ${stages}`,
    "",
  ].join("\n");
}

function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}
