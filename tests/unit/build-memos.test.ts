/**
 * Memos belong to a build (docs/architecture.md "State", src/shared/bounded-memo.ts): each set is
 * its owner's, bounded, and two builds in one process (the dev worker, a test that builds twice)
 * never share one; no module keeps a cache of its own outside the listed exceptions.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import fg from "fast-glob";
import { describe, expect, it } from "vitest";
import { parseExpression } from "../../src/bind/index.js";
import { evaluateExpression } from "../../src/bind/evaluate-expression.js";
import {
  createMemoSet,
  createBoundedMemo,
  memoKind,
  type MemoKind,
  type MemoSet,
} from "../../src/shared/bounded-memo.js";
import { block, page, renderOptions, route } from "../fixtures/render/fixture.js";
import { createRenderer } from "../../src/render/index.js";

/** A memo set that notes which kinds its owner asked for. */
function watchedSet(): { memos: MemoSet; asked: Set<string> } {
  const inner = createMemoSet();
  const asked = new Set<string>();
  return {
    asked,
    memos: {
      of: <K, V>(kind: MemoKind<K, V>) => (asked.add(kind.name), inner.of(kind)),
      ofOwner: <K, V>(kind: MemoKind<K, V>, owner: object) => (asked.add(kind.name), inner.ofOwner(kind, owner)),
    },
  };
}

describe("the bounded memo", () => {
  it("computes a key once, keeps null, and drops the least recently used entry past its bound", () => {
    const memo = createBoundedMemo<string, string | null>(2);
    let computed = 0;
    const compute = (key: string) => ((computed += 1), key === "none" ? null : key.toUpperCase());
    expect(memo.get("a", compute)).toBe("A");
    expect(memo.get("a", compute)).toBe("A");
    expect(memo.get("none", compute)).toBeNull();
    expect(memo.get("none", compute)).toBeNull();
    expect(computed).toBe(2);
    memo.get("a", compute); // a is now the most recently used
    memo.get("b", compute); // evicts 'none'
    expect(memo.size).toBe(2);
    memo.get("a", compute);
    expect(computed).toBe(3);
    memo.get("none", compute);
    expect(computed).toBe(4);
  });

  it("gives each set, and each owner within a set, memos of its own", () => {
    const KIND = memoKind<string, number>("test", 10);
    const first = createMemoSet();
    const second = createMemoSet();
    let computed = 0;
    const compute = () => (computed += 1);
    expect(first.of(KIND).get("k", compute)).toBe(1);
    expect(first.of(KIND).get("k", compute)).toBe(1);
    expect(second.of(KIND).get("k", compute)).toBe(2); // not the first set's value
    const owner = {};
    expect(first.ofOwner(KIND, owner).get("k", compute)).toBe(3);
    expect(first.ofOwner(KIND, {}).get("k", compute)).toBe(4);
    expect(first.ofOwner(KIND, owner).get("k", compute)).toBe(3);
  });
});

describe("memos of a build", () => {
  it("a renderer keeps its templates' memos in its own set, and a second renderer starts clean", () => {
    const html = page([block("content", { body: "<p>Fra <strong>CMS</strong></p>" })]);
    const one = watchedSet();
    const two = watchedSet();
    const a = createRenderer(renderOptions(), one.memos).render(html, route("/test"));
    expect(one.asked).toContain("sanitizeCmsHtml");
    expect(two.asked.size).toBe(0);
    const b = createRenderer(renderOptions(), two.memos).render(html, route("/test"));
    expect(two.asked).toContain("sanitizeCmsHtml"); // asked its own set: nothing came from the first build
    expect(b).toBe(a);
  });

  it("a binding's text filter memoises in the resolver's set (BindingEnv.memos) and nowhere else", () => {
    const { memos, asked } = watchedSet();
    const expression = parseExpression("@summary | text");
    expect(evaluateExpression(expression, { summary: "<p>a &amp; b</p>" }, memos)).toBe("a & b");
    expect(asked).toEqual(new Set(["stripHtml"]));
    expect(memos.of(memoKind<string, string>("stripHtml", 1)).size).toBe(0); // a kind is its module's object, not its name
    expect(evaluateExpression(expression, { summary: "<p>a &amp; b</p>" })).toBe("a & b"); // no set: computed, nothing kept
  });

  it("no module of src/ or templates/ keeps a cache in a module variable, outside the documented exceptions", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const files = fg.sync(["src/**/*.{ts,tsx}", "templates/**/*.{ts,tsx}"], { cwd: root });
    const found: string[] = [];
    for (const file of files.sort()) {
      readFileSync(path.join(root, file), "utf8")
        .split("\n")
        .forEach((line) => {
          const match = /^(?:const|let) ([a-zA-Z]+) *(?::[^=]*)?= *new (?:Map|Set|WeakMap)\b|^let ([a-zA-Z]+)/.exec(
            line,
          );
          if (match) found.push(`${file} ${match[1] ?? match[2]}`);
        });
    }
    // docs/architecture.md "State" says why each of these may stay.
    expect(found).toEqual(MODULE_STATE);
  });
});

/** Module-level state that is not a build's cache (docs/architecture.md "State"). */
const MODULE_STATE = [
  "src/bind/scope.ts eventsByProduction",
  "src/bind/scope.ts recordSets",
  "src/emit/file-writer-worker.ts directories",
  "src/emit/file-writer-worker.ts failed",
  "src/emit/file-writer.ts sourceWorker",
  "src/emit/film-paths.ts planned",
  "src/emit/interrupt.ts cleanups",
  "src/emit/interrupt.ts stopping",
  "src/emit/kill-points.ts reached",
  "src/emit/output-marker.ts version",
  "src/emit/write-output.ts buildSequence",
  "src/isomorphic/image-url.ts memos",
  "src/isomorphic/member/actions.ts restored",
  "src/isomorphic/member/actions.ts tokensSwitched",
  "src/isomorphic/member/store.ts state",
  "src/isomorphic/member/store.ts listeners",
  "src/isomorphic/oslo-date.ts dayTexts",
  "src/isomorphic/oslo-date.ts shortDayTexts",
  "src/isomorphic/time/oslo.ts localTexts",
  "src/isomorphic/time/oslo.ts dayOffsets",
  "src/isomorphic/time/oslo.ts isoTexts",
  "src/isomorphic/url.ts encodedPaths",
  "src/render/grid.ts columnClasses",
  "src/render/listing-pages.ts placed",
  "src/render/listing-pages.ts listed",
  "src/render/programme-window.ts dayIndexes",
  "src/render/programme-window.ts windowedBlocks",
  "src/render/stage/site-policy.ts policies",
  "src/search/search-index.ts openIndexes",
  "src/shared/code-hash.ts memo",
  "src/shared/package-version.ts versions",
  "src/sw/generate-sw.ts bundlerRuns",
  "templates/islands/live.ts requests",
  "templates/islands/search-engine.ts engines",
  "templates/ui/rich-text.tsx sizers",
];
