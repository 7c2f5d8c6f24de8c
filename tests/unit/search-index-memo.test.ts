/** The search index's memo file (src/search/search-index-memo.ts): what it keeps, and what it refuses. */
import { describe, expect, it } from "vitest";
import { packIndexFiles, unpackIndexFiles } from "../../src/search/search-index-memo.js";

const files = [
  { path: "pagefind.js", contents: new TextEncoder().encode("export const x = 1;") },
  { path: "fragment/nb_1a2b.pf_fragment", contents: new Uint8Array([0, 1, 2, 255]) },
  { path: "index/empty.pf_index", contents: new Uint8Array() },
];
const plain = (list: { path: string; contents: Uint8Array }[] | null) =>
  list?.map((file) => [file.path, Buffer.from(file.contents).toString("hex")]);

describe("the search index's memo file", () => {
  it("gives back the files it was made of, in order, byte for byte", () => {
    expect(plain(unpackIndexFiles(packIndexFiles(files)))).toEqual(plain(files));
    expect(unpackIndexFiles(packIndexFiles([]))).toEqual([]);
  });

  it("refuses a memo cut short, with a changed byte or with a bad header", () => {
    const packed = packIndexFiles(files);
    expect(unpackIndexFiles(packed.subarray(0, packed.length - 1))).toBeNull();
    const changed = Buffer.from(packed);
    changed[changed.length - 2] ^= 1;
    expect(unpackIndexFiles(changed)).toBeNull();
    expect(unpackIndexFiles(Buffer.from([0, 0, 0, 9, 1]))).toBeNull();
    expect(unpackIndexFiles(Buffer.concat([Buffer.from([0, 0, 0, 3]), Buffer.from("{x}")]))).toBeNull();
    expect(unpackIndexFiles(null)).toBeNull();
  });
});
