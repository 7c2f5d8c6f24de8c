/**
 * Which files `preview` and `dev` may answer with: regular files whose real path, symlinks
 * resolved, is inside the served folder (docs/security.md, "Local servers"). A symlink in the
 * output ('ln -s /etc <out>/leak') must not turn the server into a reader of the whole disk.
 * The folder itself is resolved too: the build's output is a symlink to its current build
 * (docs/security.md, "Atomic swap"), and it is resolved on every request because each build
 * points it somewhere new.
 */
import { realpath, stat } from "node:fs/promises";
import path from "node:path";

/** Whether `file` is a regular file whose real path lies inside the real path of `root`. */
export async function isServedFile(root: string, file: string): Promise<boolean> {
  try {
    const [realRoot, realFile] = await Promise.all([realpath(root), realpath(file)]);
    if (!isInside(realRoot, realFile)) return false;
    return (await stat(realFile)).isFile();
  } catch {
    return false;
  }
}

function isInside(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  return relative !== "" && !relative.startsWith(`..${path.sep}`) && relative !== ".." && !path.isAbsolute(relative);
}
