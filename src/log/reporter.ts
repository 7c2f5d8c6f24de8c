/** Where the CLI prints: progress and the final report to stdout, errors to stderr. */
export interface Reporter {
  info(line: string): void;
  warn(line: string): void;
  error(line: string): void;
}

export function streamReporter(
  out: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WritableStream = process.stderr,
): Reporter {
  return {
    info: (line) => out.write(`${line}\n`),
    warn: (line) => err.write(`warning: ${line}\n`),
    error: (line) => err.write(`${line}\n`),
  };
}

/** A reporter that keeps lines, for tests and the programmatic API. */
export function memoryReporter(): Reporter & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (l) => lines.push(l), warn: (l) => lines.push(`warning: ${l}`), error: (l) => lines.push(l) };
}
