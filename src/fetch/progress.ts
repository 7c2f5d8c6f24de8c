/**
 * Fetch progress (docs/data-format.md, Live APIs): on a terminal one line rewritten in place (requests done / total,
 * retries); elsewhere (CI logs) one plain line per stage. Only URLs without user info and
 * counts are printed, never a header or a body.
 */
export interface FetchProgress {
  stage(line: string): void;
  requestDone(): void;
  retried(): void;
  /** Ends the updating line for good: later stage lines are printed without it (a no-op without a terminal). */
  finish(): void;
  readonly retries: number;
}

export function createProgress(stream: NodeJS.WritableStream | undefined, label: string, total: number): FetchProgress {
  const tty = Boolean((stream as { isTTY?: boolean } | undefined)?.isTTY);
  let done = 0;
  let retries = 0;
  let drawn = false;
  let finished = false;
  const draw = () => {
    if (!stream || !tty || finished) return;
    const retryText = retries > 0 ? `, ${retries} ${retries === 1 ? "retry" : "retries"}` : "";
    stream.write(`\r\x1b[2K${label}: ${done}/${total} requests${retryText}`);
    drawn = true;
  };
  return {
    get retries() {
      return retries;
    },
    stage(line) {
      if (!stream) return;
      if (tty) {
        if (drawn) stream.write("\r\x1b[2K");
        stream.write(`${label}: ${line}\n`);
        drawn = false;
        draw();
      } else {
        stream.write(`${label}: ${line}\n`);
      }
    },
    requestDone() {
      done++;
      draw();
    },
    retried() {
      retries++;
      draw();
    },
    finish() {
      if (stream && tty && drawn) stream.write("\n");
      drawn = false;
      finished = true;
    },
  };
}
