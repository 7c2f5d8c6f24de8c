/**
 * Which folders `--out` may replace (docs/security.md). cinema-build only ever replaces what an
 * earlier cinema-build run wrote: a symlink into its own builds folder (whose marker sits
 * beside the published folder, never inside it: the marker is not for the public), or a folder holding its
 * marker file (the layouts of earlier versions, still accepted so an upgrade is not refused).
 * A file, a non-empty folder of anything else, or a folder of another
 * partner is refused unless `--force`; the working directory or any folder above it, the
 * partners folder and cinema-build's own package folder are refused always (no build ever
 * needs them, and --force there would delete the project).
 */
import { lstat, readdir, realpath } from "node:fs/promises";
import path from "node:path";
import { BuildError } from "../errors/index.js";
import { showPath } from "../shared/show-path.js";
import { MARKER_FILE, readMarker, type OutputMarker } from "./output-marker.js";

export interface OutputLayout {
  /** The path the operator named: a symlink to the current build's published folder. */
  out: string;
  /** Sibling folder holding the builds the symlink points into: '.<name>.cinema-build'. */
  builds: string;
}

/**
 * In a build folder ('<builds>/<id>/'), the folder the output links to and an operator
 * uploads; the marker and the deploy manifest sit beside it, in the build folder.
 */
export const PUBLISHED_FOLDER = "site";

export function outputLayout(outDir: string): OutputLayout {
  const out = path.resolve(outDir);
  return { out, builds: path.join(path.dirname(out), `.${path.basename(out)}.cinema-build`) };
}

export interface OutputTargetOptions {
  /** Partner being built: an output of another partner is refused without --force. */
  partner?: number;
  /** Replace a foreign file or folder (never the protected folders). */
  force?: boolean;
  /** Folders the output may never be nor contain: cinema-build's package folder. */
  protectedDirs?: string[];
  /** Folders the output may not be, contain, or lie inside: the partners folder. */
  dataDirs?: string[];
  /** Default process.cwd(): it and every folder above it are refused. */
  cwd?: string;
}

export interface OutputTarget {
  /** What `out` is now. */
  state: "absent" | "ours" | "empty" | "foreign";
  /** The previous build's marker, when the output is ours and has one. */
  previous: OutputMarker | null;
}

/** Checks that `outDir` may be replaced; throws a one-line BuildError when it may not. */
export async function inspectOutputTarget(outDir: string, options: OutputTargetOptions = {}): Promise<OutputTarget> {
  const { out, builds } = outputLayout(outDir);
  const shown = showPath(out);
  const refuse = (why: string, hint?: string) =>
    new BuildError(`--out ${shown} ${why}`, {}, { code: "E_OUTPUT_TARGET", hint });
  const cwd = path.resolve(options.cwd ?? process.cwd());
  if (contains(out, cwd))
    throw refuse(
      out === cwd
        ? "is the working directory; refusing to replace it"
        : "contains the working directory; refusing to replace it",
      "name a folder of its own, e.g. --out output/<partner>",
    );
  for (const dir of options.protectedDirs ?? []) {
    if (contains(out, path.resolve(dir)))
      throw refuse(
        `is or contains ${showPath(path.resolve(dir))}; refusing to replace it`,
        "name a folder of its own, e.g. --out output/<partner>",
      );
  }
  for (const dir of options.dataDirs ?? []) {
    const data = path.resolve(dir);
    if (contains(out, data))
      throw refuse(
        `is or contains the partners folder ${showPath(data)}; refusing to replace it`,
        "name a folder of its own, e.g. --out output/<partner>",
      );
    if (contains(data, out))
      throw refuse(
        `lies inside the partners folder ${showPath(data)}; refusing to write there`,
        "name a folder outside it, e.g. --out output/<partner>",
      );
  }

  const stat = await lstat(out).catch(() => null);
  if (!stat) return { state: "absent", previous: null };
  const force = options.force === true;
  if (stat.isSymbolicLink()) {
    const target = await realpath(out).catch(() => null);
    const build = target === null ? null : buildFolderOf(target, await realpath(builds).catch(() => builds));
    if (!build && !force)
      throw refuse(
        "is a symlink cinema-build did not make",
        "remove it, or pass --force to replace the link (its target is left alone)",
      );
    return checkPartner(build ? "ours" : "foreign", build ? await readMarker(build) : "missing", options, refuse);
  }
  if (!stat.isDirectory()) {
    if (!force) throw refuse("is a file, not an output folder", "name a folder, or pass --force to replace the file");
    return { state: "foreign", previous: null };
  }
  const marker = await readMarker(out);
  if (marker !== "missing" && marker !== "invalid") return checkPartner("ours", marker, options, refuse);
  const entries = await readdir(out);
  if (entries.length === 0) return { state: "empty", previous: null };
  if (!force)
    throw refuse(
      `is a folder cinema-build did not write (no ${MARKER_FILE}; ${entries.length} entr${entries.length === 1 ? "y" : "ies"})`,
      "name another folder, or pass --force to replace it and everything in it",
    );
  return { state: "foreign", previous: null };
}

/**
 * The build folder of a link target inside `builds`, which holds its marker: '<builds>/<id>'
 * for '<builds>/<id>/site', or the target itself for the earlier layout (the marker
 * inside the published folder). Null for a target outside `builds`.
 */
export function buildFolderOf(target: string, builds: string): string | null {
  if (path.dirname(target) === builds) return target;
  const build = path.dirname(target);
  return path.basename(target) === PUBLISHED_FOLDER && path.dirname(build) === builds ? build : null;
}

function checkPartner(
  state: OutputTarget["state"],
  marker: OutputMarker | "missing" | "invalid",
  options: OutputTargetOptions,
  refuse: (why: string, hint?: string) => BuildError,
): OutputTarget {
  const previous = typeof marker === "object" ? marker : null;
  if (previous && options.partner !== undefined && previous.partner !== options.partner && options.force !== true) {
    throw refuse(
      `holds partner ${previous.partner}'s site, not partner ${options.partner}'s`,
      "name another folder, or pass --force to replace it",
    );
  }
  return {
    state,
    previous:
      previous && previous.partner === options.partner ? previous : options.partner === undefined ? previous : null,
  };
}

/** True when `dir` is `inner` or a folder above it. */
function contains(dir: string, inner: string): boolean {
  const relative = path.relative(dir, inner);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}
