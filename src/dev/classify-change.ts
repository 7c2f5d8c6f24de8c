/**
 * What a saved file asks the dev loop to redo (docs/dev.md): content and configuration rebuild the
 * site (the build cache re-renders only the pages whose inputs changed); the stylesheet is
 * rewritten alone and swapped without a navigation; client code rebuilds only the bundles;
 * templates and the tool's own code are recompiled first.
 */
import path from "node:path";

export type ChangeKind = "content" | "css" | "client" | "template";

export interface ChangeBatch {
  /** The changed files, relative to the working directory, sorted. */
  files: string[];
  kinds: Set<ChangeKind>;
}

export interface WatchRoots {
  /** The package root (templates/, client/, src/). */
  root: string;
  /** The partner's folder (partner.json, snapshot/). */
  partnerDir: string;
}

export function classifyChange(file: string, roots: WatchRoots): ChangeKind | null {
  const absolute = path.resolve(file);
  if (isInside(absolute, roots.partnerDir)) return "content";
  const relative = path.relative(roots.root, absolute).split(path.sep).join("/");
  if (relative.startsWith("templates/styles/")) return relative.endsWith(".css") ? "css" : null;
  if (relative.startsWith("client/")) return "client";
  if (relative.startsWith("templates/") || relative.startsWith("src/")) return "template";
  return null;
}

/** What a batch needs, strongest first: a template change covers the rest, content covers client and css. */
export function planOf(kinds: Set<ChangeKind>): "recompile" | "build" | "bundles" | "stylesheet" | null {
  if (kinds.has("template")) return "recompile";
  if (kinds.has("content")) return "build";
  if (kinds.has("client")) return "bundles";
  if (kinds.has("css")) return "stylesheet";
  return null;
}

function isInside(file: string, dir: string): boolean {
  const relative = path.relative(dir, file);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
}
