/**
 * Page paths of unusable form (src/routes/page-path.ts): '//x/pwned2' and
 * '/x\r\nSet-Cookie: a=b' were written as pages whose canonical, sitemap entry and manifest
 * named addresses that do not exist. The build and lint refuse them, naming page and field.
 */
import { rm } from "node:fs/promises";
import { afterAll, describe, expect, it } from "vitest";
import { BuildErrors } from "../../src/errors/index.js";
import { lintPartner } from "../../src/lint/index.js";
import type { Page } from "../../src/model/index.js";
import { expandRoutes, isValidSegment } from "../../src/routes/index.js";
import { pagePathProblem } from "../../src/routes/page-path.js";
import { pageOf, seedPartner } from "../fixtures/lint/seed-partner.js";

const BAD = [
  "//x/pwned2",
  "/x\r\nSet-Cookie: a=b",
  "/a\\b",
  "/%2F%2Fx",
  "/%5Cx",
  "/a/../b",
  "/a/%2E%2E/b",
  "/./a",
  "/a%0d%0ab",
  "/del\u007f",
  "/nel\u0085",
  "/tab\there",
  "/a?b=1",
  "/a#b",
];
const GOOD = [
  "/",
  "/kinoprogram",
  "/priser-og-rabatter/",
  "/404.html",
  "/:production",
  "/article-:slug",
  "/article/filmprek:-dune",
  "/om oss",
  "/blåbær",
  "/a..b/c.",
];

function page(path: string): Page {
  return {
    id: `id-${path.length}`,
    title: "x",
    path,
    layout: "page-header-footer",
    pageType: "ordinary",
    template: { rows: [] },
    sources: [],
    blocks: [],
    meta: { data: {} },
  };
}

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe("page path form", () => {
  it("refuses control characters, backslashes, a '//' start, '.' and '..' segments, query and fragment, also percent-encoded", () => {
    for (const path of BAD) expect(pagePathProblem(path), JSON.stringify(path)).not.toBeNull();
    for (const path of GOOD) expect(pagePathProblem(path), path).toBeNull();
  });

  it("fails route expansion with one one-line error per page, naming page and field", () => {
    let thrown: unknown;
    try {
      expandRoutes({
        partner: 178,
        pages: [page("/"), page("//x/pwned2"), page("/x\r\nSet-Cookie: a=b")],
        selectRecords: () => [],
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(BuildErrors);
    const errors = (thrown as BuildErrors).errors;
    expect(errors.map((e) => [e.location.pagePath, e.location.field, e.code])).toEqual([
      ["//x/pwned2", "path", "E_PATH"],
      ["/x\\r\\nSet-Cookie: a=b", "path", "E_PATH"],
    ]);
    expect(errors[0].message).toMatch(/starts with '\/\/'/);
    expect(errors[1].message).toMatch(/control character/);
    for (const error of errors) expect(`${error.message} ${error.location.pagePath}`).not.toMatch(/[\r\n]/);
  });

  it("refuses DEL and C1 control characters in a route parameter's value", () => {
    expect(isValidSegment("dune\u007f")).toBe(false);
    expect(isValidSegment("dune\u0085")).toBe(false);
    expect(isValidSegment("dune-dxm-00012345")).toBe(true);
  });

  it("is reported by lint as an error on the page's path", async () => {
    const dir = await seedPartner((files) => {
      pageOf(files, "/test").path = "//x/pwned2";
      pageOf(files, "/eventer-2").path = "/x\r\nSet-Cookie: a=b";
    });
    dirs.push(dir);
    const result = await lintPartner({ partner: "178", partnersDir: dir });
    const pathErrors = result.findings
      .filter((f) => f.severity === "error" && f.field === "path")
      .map((f) => [f.pagePath, f.message.split(" (")[0]]);
    expect(pathErrors.sort()).toEqual([
      ["//x/pwned2", "the path starts with '//'"],
      ["/x\\r\\nSet-Cookie: a=b", "the path contains a control character"],
    ]);
  });
});
