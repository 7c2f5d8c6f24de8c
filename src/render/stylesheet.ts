/**
 * The site stylesheet (docs/rendering.md): the hand-written templates/styles/site.css plus the
 * grid utilities generated here (12 spans and orders at xs, md, lg: spec 2.2), as one
 * content-hashed file. The CSS is found from this module's location by walking up to the
 * package root, so it works from src/ (tsx, vitest) and from the compiled dist/.
 */
import { transform, transformSync, version as esbuildVersion } from "esbuild";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { hashAsset } from "../shared/content-hash.js";
import type { OutputFile } from "../model/output-file.js";
import { readToolCache, toolCacheFile, writeToolCache } from "../shared/tool-cache.js";

const SOURCE = join("templates", "styles", "site.css");

/** Breakpoints of the grid: md from 768 px, lg from 1024 px. */
export const BREAKPOINTS = { md: 768, lg: 1024 } as const;

function findSource(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, SOURCE);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error(`stylesheet source ${SOURCE} not found above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

function sizeRules(size: "xs" | "md" | "lg"): string {
  const rules: string[] = [];
  for (let n = 1; n <= 12; n += 1) rules.push(`.col-${size}-${n}{grid-column:span ${n}}`);
  for (let n = 0; n <= 12; n += 1) rules.push(`.order-${size}-${n}{order:${n}}`);
  return rules.join("\n");
}

function gridCss(): string {
  return [
    "/* Grid utilities (generated, src/render/stylesheet.ts) */",
    sizeRules("xs"),
    `@media (min-width:${BREAKPOINTS.md}px){\n${sizeRules("md")}\n}`,
    `@media (min-width:${BREAKPOINTS.lg}px){\n${sizeRules("lg")}\n}`,
  ].join("\n");
}

/**
 * Minified with esbuild (already the client bundler): comments and whitespace out, same
 * rules (docs/performance.md: the stylesheet blocks the first paint of every page, so its bytes count).
 * No target is given, so no modern syntax is rewritten; the output is deterministic. Read
 * from the source on every call (a build asks once; dev after each save), never kept between
 * builds (docs/architecture.md "State"); the minified text is memoised on disk by the source.
 */
function stylesheetText(): string {
  return transformSync(stylesheetSource(), MINIFY).code;
}

const MINIFY = { loader: "css", minify: true, legalComments: "none" } as const;

function stylesheetSource(): string {
  return `${readFileSync(findSource(), "utf8").trim()}\n\n${gridCss()}\n`;
}

export interface StylesheetOptions {
  /** 'assets/site.css' instead of the content-hashed name (dev: a CSS change rewrites this file alone). */
  stableName?: boolean;
}

/** The stylesheet's path in dev builds (stableName): a CSS save rewrites this file alone. */
export const STABLE_STYLESHEET_PATH = "assets/site.css";

export function planStylesheet(options: StylesheetOptions = {}): { file: OutputFile; url: string } {
  return stylesheetFile(stylesheetText(), options);
}

/**
 * planStylesheet through esbuild's running service instead of a synchronous child process:
 * the build's thread goes on with other stages meanwhile (docs/performance.md). Same bytes, memoised on
 * disk by the source's text (src/shared/tool-cache.ts), so a build whose client bundles are
 * memoised too does not start esbuild at all.
 */
export async function planStylesheetAsync(options: StylesheetOptions = {}): Promise<{ file: OutputFile; url: string }> {
  return stylesheetFile(await minifyMemoised(stylesheetSource()), options);
}

async function minifyMemoised(source: string): Promise<string> {
  const file = toolCacheFile("css", [esbuildVersion, JSON.stringify(MINIFY), source], "css");
  const memo = await readToolCache(file);
  if (memo) return memo.toString("utf8");
  const code = (await transform(source, MINIFY)).code;
  await writeToolCache(file, code);
  return code;
}

function stylesheetFile(contents: string, options: StylesheetOptions): { file: OutputFile; url: string } {
  const path = options.stableName ? STABLE_STYLESHEET_PATH : `assets/site.${hashAsset(contents)}.css`;
  return { file: { path, contents }, url: `/${path}` };
}
