/** Fetch progress: one updating line on a terminal, one line per stage elsewhere (docs/data-format.md, Live APIs). */
import { describe, expect, it } from "vitest";
import { createProgress } from "../../src/fetch/progress.js";

function stream(isTTY: boolean) {
  const writes: string[] = [];
  return { isTTY, writes, write: (chunk: string) => (writes.push(chunk), true) } as unknown as NodeJS.WritableStream & {
    writes: string[];
  };
}

function run(isTTY: boolean) {
  const out = stream(isTTY);
  const progress = createProgress(out, "fetch", 4);
  progress.stage("partner 178: 4 requests");
  progress.requestDone();
  progress.retried();
  progress.requestDone();
  progress.retried();
  progress.requestDone();
  progress.requestDone();
  progress.finish();
  progress.stage("done");
  return out.writes;
}

describe("createProgress", () => {
  it("prints one line per stage without a terminal", () => {
    expect(run(false).join("")).toBe("fetch: partner 178: 4 requests\nfetch: done\n");
  });

  it("rewrites one line with requests done / total and retries on a terminal", () => {
    const writes = run(true);
    const updates = writes.filter(
      (w) => w.startsWith("\r\x1b[2Kfetch: ") && w.includes("requests") && !w.endsWith("\n"),
    );
    expect(updates.map((w) => w.replace("\r\x1b[2K", ""))).toContain("fetch: 1/4 requests, 1 retry");
    expect(updates.at(-1)).toBe("\r\x1b[2Kfetch: 4/4 requests, 2 retries");
    expect(writes.join("")).toContain("fetch: done\n");
    expect(writes.filter((w) => w === "\n")).toHaveLength(1);
  });

  it("does not draw the counter line again after finish (the summary line ends the output)", () => {
    // What a terminal shows: every '\r\x1b[2K' clears the line it is on.
    const screen = run(true)
      .join("")
      .split("\n")
      .map((line) => line.split("\r\x1b[2K").at(-1));
    expect(screen).toEqual(["fetch: partner 178: 4 requests", "fetch: 4/4 requests, 2 retries", "fetch: done", ""]);
  });

  it("counts retries and stays silent without a stream", () => {
    const progress = createProgress(undefined, "fetch", 1);
    progress.retried();
    progress.stage("x");
    progress.finish();
    expect(progress.retries).toBe(1);
  });
});
