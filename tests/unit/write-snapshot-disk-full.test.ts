/**
 * `snapshot` on a full disk: the write cut short by ENOSPC leaves no
 * temporary file beside the snapshot, and its error names the file it was writing.
 */
import { writeFileSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// A disk that fills up during events.json: part of the file is written, then write(2) fails
// with ENOSPC, which names no path (as Node reports a failed write).
vi.mock("node:fs/promises", async (original) => {
  const actual = await original<typeof import("node:fs/promises")>();
  return {
    ...actual,
    writeFile: async (file: string, data: string) => {
      if (!String(file).includes("events.json")) return actual.writeFile(file, data);
      await actual.writeFile(file, data.slice(0, 10));
      throw Object.assign(new Error("ENOSPC: no space left on device, write"), {
        code: "ENOSPC",
        syscall: "write",
        errno: -28,
      });
    },
  };
});

const { writeSnapshot } = await import("../../src/fetch/write-snapshot.js");
const { reportError } = await import("../../src/errors/report-error.js");

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "cb-snapshot-full-"));
  writeFileSync(path.join(dir, "events.json"), "previous\n");
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const content = {
  site: { pages: [] },
  events: { productions: [], events: [] },
  blockData: {},
  articles: { articles: [] },
  meta: { partner: 178 },
} as never;

describe("writeSnapshot on a full disk", () => {
  it("removes the temporary file cut short, keeps the previous file and names the snapshot file in the error", async () => {
    const error = await writeSnapshot(dir, content).catch((e: unknown) => e);
    expect((error as NodeJS.ErrnoException).code).toBe("ENOSPC");
    expect((error as NodeJS.ErrnoException).path).toBe(path.join(dir, "events.json"));
    // site.json's temporary file was written, events.json's cut short: neither is left.
    expect(await readdir(dir)).toEqual(["events.json"]);
    expect(await readFile(path.join(dir, "events.json"), "utf8")).toBe("previous\n");
  });

  it("the CLI's one-line error names the file", async () => {
    const error = await writeSnapshot(dir, content).catch((e: unknown) => e);
    const lines: string[] = [];
    expect(
      reportError(error, { write: (chunk: string) => lines.push(chunk) } as unknown as NodeJS.WritableStream),
    ).toBe(1);
    expect(lines.join("")).toContain(
      `cannot write ${path.join(dir, "events.json")}: no space left on the device (ENOSPC)`,
    );
  });
});
