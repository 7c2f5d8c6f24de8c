/**
 * The output's writers (src/emit/file-writer.ts), the writer thread's first: every file lands with its bytes, the caller's
 * buffers stay intact (they are copied, not transferred away), a failed write is reported
 * as the system reported it (code, syscall, path), and backpressure waits for the disk.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { reportError } from "../../src/errors/report-error.js";
import { createSyncWriter, createThreadedWriter } from "../../src/emit/file-writer.js";

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "cb-file-writer-"));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("the writer thread", () => {
  it("writes text and bytes in nested folders and counts UTF-8 bytes", async () => {
    const writer = createThreadedWriter(root);
    const shared = Buffer.from("pooled");
    expect(writer.write("a/b/index.html", "Kjøp billett")).toBe(Buffer.byteLength("Kjøp billett"));
    expect(writer.write("c.bin", shared)).toBe(6);
    // Sizes are counted whether or not a file fills a batch (which hands its buffers over).
    let counted = 0;
    for (let i = 0; i < 100; i += 1) counted += writer.write(`side/${i}/index.html`, `<p>${i}</p>`);
    expect(counted).toBe(Array.from({ length: 100 }, (_, i) => `<p>${i}</p>`.length).reduce((a, b) => a + b, 0));
    await writer.finish();
    expect(await readFile(path.join(root, "a/b/index.html"), "utf8")).toBe("Kjøp billett");
    expect(await readFile(path.join(root, "c.bin"), "utf8")).toBe("pooled");
    expect(await readFile(path.join(root, "side/99/index.html"), "utf8")).toBe("<p>99</p>");
    expect(shared.toString()).toBe("pooled"); // still readable: copied, not transferred
  });

  it("reports the first failed write with its path and code, and refuses more", async () => {
    await writeFile(path.join(root, "a"), "a file, not a folder");
    const writer = createThreadedWriter(root);
    writer.write("a/b.html", "x");
    const failure = await writer.finish().catch((error: unknown) => error as NodeJS.ErrnoException);
    // As writeFileSync would have thrown it: the CLI reads code, syscall and path (exit 1, not 70).
    expect(failure).toBeInstanceOf(Error);
    expect(failure!.code).toBe("EEXIST"); // mkdir of the folder a/
    expect(failure!.syscall).toBe("mkdir");
    expect(failure!.path).toBe(path.join(root, "a"));
    expect(reportError(failure, { write: () => true } as unknown as NodeJS.WritableStream)).toBe(1);
    expect(() => writer.write("later.html", "y")).toThrow(failure!.message);
  });

  it("lets the caller wait while more than the backlog is on its way", async () => {
    const writer = createThreadedWriter(root);
    const page = "x".repeat(1024 * 1024);
    for (let i = 0; i < 48; i += 1) {
      writer.write(`big/${i}.html`, page);
      await writer.whenBelowBacklog();
    }
    await writer.finish();
    expect((await readFile(path.join(root, "big/47.html"))).byteLength).toBe(1024 * 1024);
  });

  it("atomic and lenient (the build cache's entries): renamed into place, a file it cannot write skipped", async () => {
    await writeFile(path.join(root, "blocked"), "a file, not a folder");
    const writer = createThreadedWriter(root, { atomic: true, lenient: true });
    writer.write("entries/a", "first");
    writer.write("blocked/b", "cannot be written");
    writer.write("entries/c", "after the failure");
    await writer.finish();
    expect(await readFile(path.join(root, "entries/a"), "utf8")).toBe("first");
    expect(await readFile(path.join(root, "entries/c"), "utf8")).toBe("after the failure");
    expect((await readdir(path.join(root, "entries"))).sort()).toEqual(["a", "c"]); // no temporary files left
    expect(await readdir(root)).toEqual(expect.arrayContaining(["blocked", "entries"]));
  });

  it("in the calling thread: the same files, and a failed write names its file", async () => {
    const writer = createSyncWriter(root);
    expect(writer.write("a/b/index.html", "Kjøp billett")).toBe(Buffer.byteLength("Kjøp billett"));
    expect(writer.write("c.bin", new Uint8Array([1, 2, 3]))).toBe(3);
    await writer.whenBelowBacklog();
    await writer.finish();
    expect(await readFile(path.join(root, "a/b/index.html"), "utf8")).toBe("Kjøp billett");
    await writeFile(path.join(root, "x"), "a file");
    let failure: NodeJS.ErrnoException | null = null;
    try {
      writer.write("x/y.html", "z");
    } catch (error) {
      failure = error as NodeJS.ErrnoException;
    }
    expect(failure?.code).toBe("EEXIST");
    expect(failure?.path).toBe(path.join(root, "x"));
    expect(reportError(failure, { write: () => true } as unknown as NodeJS.WritableStream)).toBe(1);
  });
});
