import path from "node:path";

/**
 * A file or folder as messages name it: relative to the working folder when it lies inside it
 * ('.' for the folder itself), else absolute. One rule for the build's refusals, the dev
 * session's log and the snapshot's progress line.
 */
export function showPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative === "" ? "." : relative.startsWith("..") || path.isAbsolute(relative) ? path.resolve(file) : relative;
}
