/**
 * Watches the dev inputs with chokidar and hands over saves in batches: an editor's save often
 * arrives as several events (write, rename, chmod), and "save all" touches many files at once,
 * so events are collected until BATCH_QUIET_MS pass without one (at most BATCH_MAX_MS).
 */
import { watch, type FSWatcher } from "chokidar";
import { classifyChange, type ChangeBatch, type ChangeKind, type WatchRoots } from "./classify-change.js";

export const BATCH_QUIET_MS = 40;
export const BATCH_MAX_MS = 400;

export interface BatchWatcher {
  ready: Promise<void>;
  close(): Promise<void>;
}

export function watchInBatches(
  paths: string[],
  roots: WatchRoots,
  onBatch: (batch: ChangeBatch) => void,
): BatchWatcher {
  const watcher: FSWatcher = watch(paths, {
    ignoreInitial: true,
    ignored: (file) => /(^|[/\\])(node_modules|\.git|dist)([/\\]|$)|~$|\.sw[px]$/.test(file),
  });
  const pending = new Map<string, ChangeKind>();
  let quiet: NodeJS.Timeout | undefined;
  let deadline: NodeJS.Timeout | undefined;

  const flush = () => {
    clearTimeout(quiet);
    clearTimeout(deadline);
    quiet = deadline = undefined;
    if (pending.size === 0) return;
    const batch: ChangeBatch = { files: [...pending.keys()].sort(), kinds: new Set(pending.values()) };
    pending.clear();
    onBatch(batch);
  };
  const onEvent = (file: string) => {
    const kind = classifyChange(file, roots);
    if (!kind) return;
    pending.set(file, kind);
    clearTimeout(quiet);
    quiet = setTimeout(flush, BATCH_QUIET_MS);
    deadline ??= setTimeout(flush, BATCH_MAX_MS);
  };
  watcher.on("add", onEvent).on("change", onEvent).on("unlink", onEvent);
  const ready = new Promise<void>((resolve) => watcher.once("ready", () => resolve()));
  return {
    ready,
    close: async () => {
      clearTimeout(quiet);
      clearTimeout(deadline);
      await watcher.close();
    },
  };
}
