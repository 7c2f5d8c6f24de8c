/**
 * The only code that writes the built site. Files go to a new folder beside the output first;
 * the finished folder is swapped in by renaming a symlink over the output path, which is one
 * atomic rename(2): a failed or killed build (bad CMS data, a crash half way through 40,000
 * pages, kill -9) leaves the previous output exactly as it was, and a host serving the folder
 * never sees half a site nor a moment without one (docs/security.md, "Output safety").
 *
 *   output/178                          -> .178.cinema-build/<id>/site   (symlink)
 *   output/.178.cinema-build/<id>/site/  the published folder: the site and nothing else
 *   output/.178.cinema-build/<id>/.cinema-build.json, deploy-manifest.json
 *                                       the marker and the manifest, beside it (never published)
 *   output/178.deploy-manifest.json     a copy of the current build's manifest
 *
 * All builds but the current one are removed.
 */
import { lstat, mkdir, readdir, readFile, readlink, rename, rm, symlink, writeFile } from "node:fs/promises";
import { isOtherProcessAlive } from "../shared/process-alive.js";
import path from "node:path";
import { BuildError } from "../errors/index.js";
import { writeFileAtomic } from "../shared/atomic-write.js";
import {
  describeDeployFile,
  deployManifestPath,
  diffDeployManifests,
  DEPLOY_MANIFEST_FILE,
  readDeployManifest,
  serializeDeployManifest,
  type DeployChanges,
  type DeployFile,
} from "./deploy-manifest.js";
import { checkpoint } from "./kill-points.js";
import { MARKER_FILE, serializeMarker, type OutputMarker } from "./output-marker.js";
import {
  buildFolderOf,
  inspectOutputTarget,
  outputLayout,
  PUBLISHED_FOLDER,
  type OutputLayout,
} from "./output-target.js";
import type { OutputFile } from "../model/output-file.js";
import { createSyncWriter, createThreadedWriter } from "./file-writer.js";
import { interrupted, onInterrupt, untilExit, yieldToSignals } from "./interrupt.js";

export interface WriteOutputOptions {
  /** Ignored: files are written in order, one at a time (file-writer.ts says why). Kept for callers. */
  concurrency?: number;
  /**
   * Write on a writer thread (default) or in this thread: a build whose render workers keep
   * both cores busy gains nothing from one more thread and holds the bytes in flight longer.
   */
  writerThread?: boolean;
  /** Written last beside the new published folder, so only a complete build carries it. */
  marker?: OutputMarker;
  /** Replace a foreign file or folder at the output path (the build checked it already). */
  force?: boolean;
}

export interface WriteOutputResult {
  /** Published files and their bytes (the marker and manifest beside them not counted). */
  files: number;
  bytes: number;
  /** What changed since the build this one replaced, or null when that build has no deploy manifest. */
  changes: DeployChanges | null;
  /** `<out>.deploy-manifest.json`. */
  manifest: string;
  /** Tidying up after the new site was published failed somewhere (never a failed build). */
  warnings: string[];
}

type FileSource = Iterable<OutputFile> | AsyncIterable<OutputFile>;

let buildSequence = 0;

export async function writeOutputAtomically(
  outDir: string,
  files: FileSource,
  options: WriteOutputOptions = {},
): Promise<WriteOutputResult> {
  const layout = outputLayout(outDir);
  await inspectOutputTarget(layout.out, { force: options.force, partner: options.marker?.partner });
  await mkdir(layout.builds, { recursive: true });
  await recoverInterruptedMigration(layout);
  await collectStaleBuilds(layout);
  // A sequence number too: with synchronous writes two small builds can finish in one millisecond.
  const dir = path.join(layout.builds, `${process.pid}-${Date.now().toString(36)}-${(buildSequence++).toString(36)}`);
  const site = path.join(dir, PUBLISHED_FOLDER);
  await mkdir(site, { recursive: true });
  // On SIGINT/SIGTERM (src/emit/interrupt.ts) the writer stops and the unfinished build goes.
  const stop = { writer: null as null | (() => Promise<void>), swap: null as null | Promise<void> };
  const forget = onInterrupt(async () => {
    await stop.writer?.();
    await stop.swap?.catch(() => undefined);
    // Swapped in already: it is the output now, and stays.
    if ((await currentBuild(layout.out)) === site) return;
    await rm(dir, { recursive: true, force: true });
    await recoverInterruptedMigration(layout);
  });
  let written: Written;
  try {
    written = await writeAll(site, files, options.writerThread ?? true, stop);
    if (options.marker) await writeFile(path.join(dir, MARKER_FILE), serializeMarker(options.marker));
    await writeFile(path.join(dir, DEPLOY_MANIFEST_FILE), serializeDeployManifest(written.manifest));
    checkpoint();
  } catch (error) {
    forget();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const previous = await readDeployManifest(await currentManifest(layout));
  // Checked and started in one turn: a signal either stops the swap or waits for it.
  if (interrupted()) await untilExit();
  stop.swap = swapIn(layout, site);
  await stop.swap;
  forget();
  // The new site is published: tidying up after it can only warn (docs/security.md).
  const warnings: string[] = [];
  const manifest = deployManifestPath(layout.out);
  await publishManifestCopy(path.join(dir, DEPLOY_MANIFEST_FILE), manifest).catch((error: Error) =>
    warnings.push(
      `could not write the deploy manifest ${manifest} (${error.message}); it is also in ${path.join(dir, DEPLOY_MANIFEST_FILE)}`,
    ),
  );
  await collectStaleBuilds(layout).catch((error: Error) =>
    warnings.push(`could not remove an earlier build (${error.message}); the next build tries again`),
  );
  return {
    files: written.files,
    bytes: written.bytes,
    changes: previous ? diffDeployManifests(previous.files, written.manifest) : null,
    manifest,
    warnings,
  };
}

interface Written {
  files: number;
  bytes: number;
  manifest: DeployFile[];
}

/** The deploy manifest of the build the output shows now ('' when it has none). */
async function currentManifest({ out, builds }: OutputLayout): Promise<string> {
  const current = await currentBuild(out);
  const build = current ? buildFolderOf(current, builds) : null;
  return build && build !== current ? path.join(build, DEPLOY_MANIFEST_FILE) : "";
}

/** `<out>.deploy-manifest.json`, replaced in one rename so a reader never sees half of it. */
async function publishManifestCopy(from: string, to: string): Promise<void> {
  await writeFileAtomic(to, await readFile(from));
}

/**
 * Writes every file under `root` as it comes from the stream, through the writer thread
 * (file-writer.ts: synchronous writes on the second core, each folder made once) or in this
 * thread. Pulling one file at a time, and waiting while more than the writer's backlog is
 * unwritten, is the backpressure: the renderer never gets far ahead of the disk.
 */
async function writeAll(
  root: string,
  files: FileSource,
  writerThread: boolean,
  stop: { writer: null | (() => Promise<void>) },
): Promise<Written> {
  const seen = new Set<string>();
  const writer = writerThread ? createThreadedWriter(root) : createSyncWriter(root);
  stop.writer = () => writer.abort();
  const manifest: DeployFile[] = [];
  let count = 0;
  let bytes = 0;
  try {
    for await (const file of files) {
      const relative = checkOutputPath(file.path);
      if (seen.has(relative))
        throw new BuildError(
          `two output files have the path '${relative}'`,
          { file: relative },
          { code: "E_OUTPUT_CONFLICT", hint: "a redirect or route writes over another file" },
        );
      seen.add(relative);
      // Described before the write: the threaded writer takes the bytes over.
      manifest.push(describeDeployFile(relative, file.contents));
      bytes += writer.write(relative, file.contents);
      count += 1;
      checkpoint();
      if (count % 64 === 0) {
        await writer.whenBelowBacklog();
        await yieldToSignals();
      }
      if (interrupted()) await untilExit();
    }
    await writer.finish();
  } catch (error) {
    await writer.abort();
    throw error;
  }
  return { files: count, bytes, manifest };
}

/** Normalises an output path and rejects anything that could leave the output folder. */
export function checkOutputPath(filePath: string): string {
  const bad = (why: string) =>
    new BuildError(`output path '${filePath}' ${why}`, { file: filePath }, { code: "E_OUTPUT_PATH" });
  if (filePath.length === 0) throw bad("is empty");
  if (filePath.includes("\0")) throw bad("contains a NUL byte");
  if (filePath.includes("\\")) throw bad("contains a backslash");
  if (path.posix.isAbsolute(filePath)) throw bad("is absolute");
  const segments = filePath.split("/");
  if (segments.some((segment) => segment === "..")) throw bad("leaves the output folder ('..')");
  const normalised = path.posix.normalize(filePath);
  if (normalised.endsWith("/") || normalised === ".") throw bad("names a folder, not a file");
  return normalised;
}

/**
 * Points the output path at `dir`: a new symlink beside it, renamed over it. rename(2)
 * replaces the old link atomically, so at every instant the path names a complete build.
 * An output that is still a real folder (from before the symlink layout, or a foreign one
 * under --force) is moved into the builds folder first: that one-time migration is the only
 * moment the path is missing.
 */
async function swapIn({ out, builds }: OutputLayout, dir: string): Promise<void> {
  const link = path.join(path.dirname(out), `.${path.basename(out)}.link-${process.pid}`);
  await rm(link, { force: true });
  await symlink(path.relative(path.dirname(out), dir), link, "dir");
  checkpoint();
  const current = await lstat(out).catch(() => null);
  if (current && !current.isSymbolicLink()) {
    if (current.isDirectory()) await rename(out, path.join(builds, `${process.pid}-previous`));
    else await rm(out);
    checkpoint();
  }
  try {
    await rename(link, out);
  } catch (error) {
    await rm(link, { force: true });
    throw error;
  }
  checkpoint();
}

/**
 * Removes what killed or failed runs left: builds the output does not point to (unless a
 * running cinema-build is still writing them), their links, and the '<out>.tmp-<pid>' and
 * '<out>.old-<pid>' folders of the two-rename swap used before.
 */
export async function collectStaleBuilds({ out, builds }: OutputLayout): Promise<string[]> {
  const removed: string[] = [];
  const current = await currentBuild(out);
  const keep = current ? buildFolderOf(current, builds) : null;
  for (const entry of await readdir(builds).catch(() => [] as string[])) {
    const full = path.join(builds, entry);
    if (full === keep || isRunning(entry)) continue;
    await rm(full, { recursive: true, force: true });
    removed.push(full);
  }
  const parent = path.dirname(out);
  const name = path.basename(out);
  const leftovers = new RegExp(`^(?:${escapeRegExp(name)}\\.(?:tmp|old)|\\.${escapeRegExp(name)}\\.link)-(\\d+)$`);
  const manifestCopy = new RegExp(`^${escapeRegExp(name)}\\.deploy-manifest\\.json\\.(\\d+)\\.tmp$`);
  for (const entry of await readdir(parent).catch(() => [] as string[])) {
    const match = leftovers.exec(entry) ?? manifestCopy.exec(entry);
    if (!match || isRunning(match[1])) continue;
    await rm(path.join(parent, entry), { recursive: true, force: true });
    removed.push(path.join(parent, entry));
  }
  return removed;
}

/**
 * After a signal stopped a build running in another thread of this process (dev's rebuild
 * worker, which the signal's cleanup has stopped): removes the builds this process left
 * unfinished, its link, and puts back an output moved aside.
 */
export async function removeUnfinishedBuilds(outDir: string): Promise<void> {
  const layout = outputLayout(outDir);
  const current = await currentBuild(layout.out);
  const keep = current ? buildFolderOf(current, layout.builds) : null;
  for (const entry of await readdir(layout.builds).catch(() => [] as string[])) {
    const full = path.join(layout.builds, entry);
    if (entry.startsWith(`${process.pid}-`) && entry !== `${process.pid}-previous` && full !== keep)
      await rm(full, { recursive: true, force: true });
  }
  await rm(path.join(path.dirname(layout.out), `.${path.basename(layout.out)}.link-${process.pid}`), { force: true });
  await recoverInterruptedMigration(layout);
}

/** A run killed inside the one-time migration left the output moved aside: put it back. */
async function recoverInterruptedMigration({ out, builds }: OutputLayout): Promise<void> {
  if (await lstat(out).catch(() => null)) return;
  const moved = (await readdir(builds).catch(() => [] as string[])).find(
    (entry) => /^\d+-previous$/.test(entry) && !isRunning(entry),
  );
  if (moved) await rename(path.join(builds, moved), out);
}

async function currentBuild(out: string): Promise<string | null> {
  const stat = await lstat(out).catch(() => null);
  if (!stat?.isSymbolicLink()) return null;
  return path.resolve(path.dirname(out), await readlink(out));
}

/** An entry named '<pid>-…' or '<pid>' of another cinema-build process that is still alive. */
function isRunning(entry: string): boolean {
  return isOtherProcessAlive(Number(/^(\d+)/.exec(entry)?.[1]));
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
