import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  formatFindingsJson,
  formatFindingsText,
  lintPartner,
  pageBindingWarnings,
  type LintFinding,
} from "../../src/lint/index.js";
import { loadDataset } from "../../src/load.js";
import { StageTimer } from "../../src/log/index.js";
import { blockOf, dataOf, pageOf, seedPartner, type SnapshotFiles } from "../fixtures/lint/seed-partner.js";

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Seeds one mistake, lints, and returns the errors (there must be at least one). */
async function lintWith(mutate: (files: SnapshotFiles) => void): Promise<LintFinding[]> {
  const dir = await seedPartner(mutate);
  dirs.push(dir);
  const result = await lintPartner({ partner: "178", partnersDir: dir });
  expect(result.errors).toBeGreaterThan(0);
  return result.findings.filter((f) => f.severity === "error");
}

/** The warnings of a partner whose mistakes the build publishes around (no error). */
async function warningsWith(mutate: (files: SnapshotFiles) => void): Promise<LintFinding[]> {
  const dir = await seedPartner(mutate);
  dirs.push(dir);
  const result = await lintPartner({ partner: "178", partnersDir: dir });
  expect(result.errors).toBe(0);
  return result.findings.filter((f) => f.severity === "warning");
}

describe("lint on partner 178", () => {
  it("passes clean on the embedded snapshot", async () => {
    const result = await lintPartner({ partner: "178", partnersDir: "partners" });
    expect(formatFindingsText(result.findings)).toBe("lint: no problems found\n");
    expect(result.findings).toEqual([]);
  });

  // The command's exit codes are tested on the compiled CLI in tests/integration/lint-cli.test.ts:
  // this project needs no dist/ (README, "Tests and measurements").
  it("formats a seeded mistake as stable JSON", async () => {
    const dir = await seedPartner((f) => {
      blockOf(f, "/kinoprogram", "program").component = "programme";
    });
    dirs.push(dir);
    const result = await lintPartner({ partner: "178", partnersDir: dir });
    const json = JSON.parse(formatFindingsJson(result.findings));
    expect(json.errors).toBe(1);
    expect(json.findings[0]).toMatchObject({
      severity: "error",
      partner: 178,
      pagePath: "/kinoprogram",
      component: "programme",
      field: "component",
      hint: "did you mean 'program'?",
    });
    expect(Object.keys(json.findings[0])).toEqual([
      "severity",
      "partner",
      "pagePath",
      "blockId",
      "component",
      "field",
      "message",
      "hint",
    ]);
  });
});

describe("lint finds each kind of mistake, with its location", () => {
  it("source: unknown model (a snapshot that fails validation)", async () => {
    const [finding] = await lintWith((f) => {
      pageOf(f, "/kommende").sources[0].model = "prodcution";
    });
    expect(finding).toMatchObject({ pagePath: "/kommende", field: "sources[0].model" });
  });
  it("source: unknown operator (a snapshot that fails validation)", async () => {
    const [finding] = await lintWith((f) => {
      pageOf(f, "/kommende").sources[0].filter[0].operator = "equals";
    });
    expect(finding).toMatchObject({ pagePath: "/kommende", field: "sources[0].filter[0].operator" });
  });
  it("source: unknown property, with did-you-mean", async () => {
    const [finding] = await lintWith((f) => {
      pageOf(f, "/oscardager").sources[0].filter[0].property = "production.parentTitel";
    });
    expect(finding).toMatchObject({
      pagePath: "/oscardager",
      field: "sources[0].filter[0].property",
      hint: "did you mean 'parentTitle'?",
    });
  });
  it("source: a regex that does not compile, said once, and links to its page are not links to nowhere", async () => {
    const errors = await lintWith((f) => {
      pageOf(f, "/filmprek").sources[0].filter[0].value = "^(1780000104501|178";
    });
    // Only this error: not again in the route check's words, and not "menu item 'Filmprek'
    // links to '/filmprek', which is neither a page nor a redirect" (the page exists).
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ pagePath: "/filmprek", field: "sources[0].filter[0].value" });
    expect(errors[0].message).toMatch(/does not compile/);
  });
  it("source: a catastrophic regex", async () => {
    const [finding] = await lintWith((f) => {
      pageOf(f, "/filmprek").sources[0].filter[0].value = "^(\\d+)+$";
    });
    expect(finding).toMatchObject({ pagePath: "/filmprek", field: "sources[0].filter[0].value" });
    expect(finding.message).toMatch(/catastrophically/);
  });
  it("source: a route parameter on a page whose path has none", async () => {
    const [finding] = await lintWith((f) => {
      pageOf(f, "/kinoprogram").sources[0].filter[0].value = "@production";
    });
    expect(finding).toMatchObject({
      pagePath: "/kinoprogram",
      field: "sources[0].filter[0].value",
      message: "route parameter '@production' does not exist on this page",
      hint: "the path '/kinoprogram' has no parameters",
    });
  });
  it("source: any '@name' on a one-parameter page is that parameter; a name the spec does not use is a warning (docs/data-format.md)", async () => {
    const dir = await seedPartner((f) => {
      pageOf(f, "/:production").sources[1].filter[0].value = "@prodution";
    });
    dirs.push(dir);
    const result = await lintPartner({ partner: "178", partnersDir: dir });
    expect(result.errors).toBe(0);
    expect(result.findings).toEqual([
      {
        severity: "warning",
        partner: 178,
        pagePath: "/:production",
        field: "sources[1].filter[0].value",
        message: "'@prodution' is read as this page's route parameter ':production'",
        hint: "write '@production' to say so",
      },
    ]);
  });
  it("source: a detail page without a source that lists its routes; links to other pages' routes stay valid", async () => {
    // Regression: one page whose routes could not be listed left only the static paths known,
    // so every menu item, footer link and redirect to an /article/… route was reported broken.
    const findings = await lintWith((f) => {
      for (const source of pageOf(f, "/:production").sources)
        source.filter = source.filter.filter((filter: { value: unknown }) => filter.value !== "@production");
    });
    expect(findings.filter((finding) => finding.pagePath !== "/:production")).toEqual([]);
    // Reported once (lint's own copy of the routes' check reported it a second time).
    expect(findings.filter((finding) => /cannot be listed/.test(finding.message))).toEqual([
      {
        severity: "error",
        partner: 178,
        pagePath: "/:production",
        field: "sources",
        message: "no non-collection source filters on '@production', so the routes of this page cannot be listed",
      },
    ]);
  });
  it("binding: syntax error", async () => {
    let blockId = "";
    const [finding] = await lintWith((f) => {
      blockId = blockOf(f, "/kommende", "program").id;
      dataOf(f, "/kommende", "program").bindings.events.item.image.binding = "@assets[type=first_poster.url";
    });
    expect(finding).toMatchObject({
      pagePath: "/kommende",
      blockId,
      component: "program",
      field: "bindings.events.item.image",
    });
    expect(finding.message).toMatch(/not closed/);
  });
  it("binding: a source that does not exist on the page", async () => {
    const [finding] = await lintWith((f) => {
      dataOf(f, "/kinoprogram", "program").bindings.events.source = "prodcutions";
    });
    expect(finding).toMatchObject({
      pagePath: "/kinoprogram",
      component: "program",
      field: "bindings.events",
      hint: "did you mean 'productions'?",
    });
  });
  it("binding: a path that is not in the model's schema", async () => {
    const [finding] = await lintWith((f) => {
      dataOf(f, "/kinoprogram", "program").bindings.events.item.tickets.item.location.binding = "@location.nmae";
    });
    expect(finding).toMatchObject({
      pagePath: "/kinoprogram",
      field: "bindings.events.item.tickets.item.location",
      hint: "did you mean 'name'?",
    });
  });
  it("binding: a list bound to text without a source, a group of fields bound to text", async () => {
    const errors = await lintWith((f) => {
      dataOf(f, "/kinoprogram", "program").bindings.events = { binding: "alle", source: null };
      dataOf(f, "/kinoprogram", "program").bindings.filter = { binding: "date", source: null };
    });
    expect(errors.map((e) => [e.field, e.message]).sort()).toEqual([
      ["bindings.events", "the list 'events' is bound to the text 'alle' without a source, so it lists nothing"],
      ["bindings.filter", "'filter' is a group of fields (type, from, to); the text 'date' sets none of them"],
    ]);
  });
  it("binding: the build publishes the page but says what lint calls an error", async () => {
    const dir = await seedPartner((f) => {
      dataOf(f, "/kinoprogram", "program").bindings.events.item.tickets.item.location.binding = "@location.nmae";
    });
    dirs.push(dir);
    const { dataset } = await loadDataset({ partner: "178", partnersDir: dir, source: "snapshot" }, new StageTimer());
    const [warning, ...more] = pageBindingWarnings(dataset);
    expect(more).toEqual([]);
    expect(warning).toMatch(
      /^page \/kinoprogram, block [^,]+ \(program\), field bindings\.events\.item\.tickets\.item\.location: binding '@location\.nmae' .*did you mean 'name'\?.*'cinema-build lint' reports it as an error$/,
    );
    expect(
      pageBindingWarnings(
        (await loadDataset({ partner: "178", partnersDir: "partners", source: "snapshot" }, new StageTimer())).dataset,
      ),
    ).toEqual([]);
  });
  it("media: a 'media:' reference without its file (the build stops at it)", async () => {
    const errors = await lintWith((f) => {
      f.events.productions.find((p: { object: string }) => p.object === "movie").assets[0].url =
        "media:plakater/finnes-ikke.jpg";
    });
    expect(errors).toEqual([
      expect.objectContaining({
        field: "media:plakater/finnes-ikke.jpg",
        message: expect.stringMatching(/^names no file in .*178\/media$/),
      }),
    ]);
  });
  it("rich text: an internal link to no page is a warning (the build's link check reports it too)", async () => {
    const dir = await seedPartner((f) => {
      const film = f.events.productions.find((p: { object: string }) => p.object === "movie");
      film.contents[0].body =
        '<p>Se <a href="/finnes-ikke-lenger">det gamle programmet</a>, <a href="/kinoprogram?dag=1#i-dag">dagens</a> og <a href="https://example.com/x">andres</a>.</p>';
    });
    dirs.push(dir);
    const { findings } = await lintPartner({ partner: "178", partnersDir: dir });
    expect(findings.filter((f) => f.message.includes("a link goes to"))).toEqual([
      expect.objectContaining({
        severity: "warning",
        field: expect.stringMatching(/^productions\[id=.*\]\.contents\[0\]\.body$/),
        message: "a link goes to '/finnes-ikke-lenger', which is neither a page nor a redirect",
      }),
    ]);
  });
  it("redirects: what the build refuses, lint reports first (a fromPath that differs from a page only by letter case)", async () => {
    const errors = await lintWith((f) => {
      f.site.redirects.push({ fromPath: "/Kinoprogram", toPath: "/kinoprogram" });
    });
    expect(errors).toEqual([
      expect.objectContaining({
        field: expect.stringMatching(/^site\.redirects\[\d+\]$/),
        message: expect.stringContaining("fromPath differs from '/kinoprogram' only by letter case"),
      }),
    ]);
  });
  it("menu: a cycle is a lint error and a build warning (its items are missing from every page)", async () => {
    const dir = await seedPartner((f) => {
      const [first, second] = f.site.theme.menu.filter(
        (item: { parent: string; place: string }) => item.parent === "" && item.place === "header",
      );
      first.parent = second.id;
      second.parent = first.id;
    });
    dirs.push(dir);
    const { dataset } = await loadDataset({ partner: "178", partnersDir: dir, source: "snapshot" }, new StageTimer());
    expect(pageBindingWarnings(dataset)).toEqual([
      expect.stringMatching(
        /^field theme\.menu\[\d+\]\.parent: the menu has a cycle: .*'cinema-build lint' reports it as an error$/,
      ),
    ]);
  });
  it("theme and partner: an unreadable colour, a club-logo link to no page, a javascript: menu path, an unsupported API auth mode", async () => {
    const dir = await seedPartner((f) => {
      f.site.theme.colors = {
        ...(f.site.theme.colors ?? { background: "#101418", text: "#f4f4f4" }),
        primary: "oransje",
      };
      f.site.theme.clubLogo = {
        ...(f.site.theme.clubLogo ?? { src: "https://img.example/k.svg", alt: "Klubben" }),
        href: "/finnes-ikke-klubb",
      };
      f.site.theme.menu.find((item: { path: string }) => item.path.startsWith("/"))!.path = "javascript:alert(1)";
    });
    dirs.push(dir);
    const config = path.join(dir, "178", "partner.json");
    const partner = JSON.parse(await readFile(config, "utf8"));
    partner.publicApi.auth = { mode: "oauth2" };
    await writeFile(config, JSON.stringify(partner));
    const { findings } = await lintPartner({ partner: "178", partnersDir: dir });
    const said = findings.map((f) => `${f.severity} ${f.field}: ${f.message}`);
    expect(said).toContain(
      "warning theme.colors.primary: 'oransje' is not a colour the build can read; the stylesheet's default is used",
    );
    expect(said).toContain(
      "error theme.clubLogo.href: the club logo links to '/finnes-ikke-klubb', which is neither a page nor a redirect",
    );
    expect(
      said.some((line) =>
        /^error theme\.menu\[\d+\]\.path: menu item '.*' links to 'javascript:alert\(1\)', which a visitor cannot follow/.test(
          line,
        ),
      ),
    ).toBe(true);
    expect(said).toContain("error publicApi.auth.mode: API authentication method (oauth2) not supported.");
  });
  it("programme filter: a window that ends before it starts is a warning", async () => {
    const dir = await seedPartner((f) => {
      dataOf(f, "/kinoprogram", "program").bindings.filter = {
        type: { binding: "date", source: null },
        from: { binding: "2027-01-31", source: null },
        to: { binding: "2026-12-01", source: null },
      };
    });
    dirs.push(dir);
    const { findings } = await lintPartner({ partner: "178", partnersDir: dir });
    expect(findings).toContainEqual(
      expect.objectContaining({
        severity: "warning",
        pagePath: "/kinoprogram",
        field: "bindings.filter",
        message: "the window ends (2026-12-01) before it starts (2027-01-31), so the programme lists nothing",
      }),
    );
  });
  it("binding: invalid image parameters", async () => {
    const [finding] = await lintWith((f) => {
      dataOf(f, "/kinoprogram", "program").bindings.events.item.image.binding =
        "@assets[type=first_poster].url | image:w=225&h=340&fit=cropped";
    });
    expect(finding).toMatchObject({ pagePath: "/kinoprogram", field: "bindings.events.item.image" });
    expect(finding.message).toMatch(/fit=cropped/);
  });
  it("block: unknown component kind", async () => {
    const [finding] = await lintWith((f) => {
      blockOf(f, "/kommende", "program").component = "progam";
    });
    expect(finding).toMatchObject({
      pagePath: "/kommende",
      component: "progam",
      field: "component",
      hint: "did you mean 'program'?",
    });
  });
  it("block: placed outside the template's rows and columns", async () => {
    const findings = await lintWith((f) => {
      blockOf(f, "/kommende", "program").place.row = 5;
      blockOf(f, "/:production", "movie-cover").place.column = 2;
    });
    expect(findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pagePath: "/kommende", component: "program", field: "place.row" }),
        expect.objectContaining({ pagePath: "/:production", component: "movie-cover", field: "place.column" }),
      ]),
    );
  });
  it("block: block-data id that does not exist", async () => {
    let id = "";
    const [finding] = await lintWith((f) => {
      const b = blockOf(f, "/kommende", "program");
      id = b.data[0];
      b.data = [`${id}x`];
    });
    expect(finding).toMatchObject({
      pagePath: "/kommende",
      component: "program",
      field: "data",
      hint: `did you mean '${id}'?`,
    });
  });
  it("menu: a parent that does not exist", async () => {
    const [finding] = await lintWith((f) => {
      f.site.theme.menu[1].parent = "menu-9";
    });
    expect(finding).toMatchObject({ field: "theme.menu[1].parent" });
  });
  it("menu: a cycle", async () => {
    const [finding] = await lintWith((f) => {
      f.site.theme.menu[0].parent = f.site.theme.menu[1].id;
    });
    expect(finding.message).toMatch(/cycle: menu-1 → menu-1-1 → menu-1|cycle: menu-1-1 → menu-1 → menu-1-1/);
    expect(finding.field).toMatch(/^theme\.menu\[\d\]\.parent$/);
  });
  it("menu: an internal path that leads to no page or redirect", async () => {
    const [finding] = await lintWith((f) => {
      f.site.theme.menu[2].path = "/kinoprogramm";
    });
    expect(finding).toMatchObject({ field: "theme.menu[2].path", hint: "did you mean '/kinoprogram'?" });
  });
  it("menu: a programme's day page and a listing's later page are pages (no finding)", async () => {
    // Not menu[2] itself: /kinoprogram, first in the menu, owns the day pages of its listing
    // (docs/spec-decisions.md "Shared day pages").
    const dir = await seedPartner((f) => {
      f.site.theme.menu[3].path = "/kinoprogram/dag/2026-11-25";
      f.site.theme.menu[4].path = "/filmer/side/2";
    });
    dirs.push(dir);
    const result = await lintPartner({ partner: "178", partnersDir: dir });
    expect(result.findings).toEqual([]);
  });
  it("menu: a campaign page's day page is its programme's, so its own is not a page", async () => {
    const findings = await lintWith((f) => {
      f.site.theme.menu[3].path = "/den-store-kinodagen/dag/2026-11-25";
    });
    expect(findings).toEqual([expect.objectContaining({ field: "theme.menu[3].path" })]);
    expect(findings[0].message).toMatch(/den-store-kinodagen\/dag\/2026-11-25/);
  });
  it("footer: an internal link that leads to no page or redirect (a folder path reaches its page)", async () => {
    const findings = await lintWith((f) => {
      f.site.theme.footer[0].items[1].href = "/aldersgrense";
    });
    expect(findings).toEqual([
      expect.objectContaining({
        field: "theme.footer[0].items[1].href",
        message: "footer link 'Aldersgrenser' goes to '/aldersgrense', which is neither a page nor a redirect",
      }),
    ]);
  });
  it("redirects: an internal target that is not a page", async () => {
    const findings = await lintWith((f) => {
      f.site.redirects.push(
        { fromPath: "/gammel", toPath: "/kinoprogramm" },
        { fromPath: "/gammel-2", toPath: "/kinoprogram/" },
      );
    });
    expect(findings).toEqual([
      expect.objectContaining({ field: "redirects[10].toPath", hint: "did you mean '/kinoprogram'?" }),
    ]);
    expect(findings[0].message).toMatch(/leads to '\/kinoprogramm', which is not a page/);
  });
  it("binding: a ticketDisplayMode or programme filter type that is not understood", async () => {
    const findings = await lintWith((f) => {
      const bindings = dataOf(f, "/kommende", "program").bindings;
      bindings.ticketDisplayMode.binding = "lots";
      bindings.filter.type.binding = "dato";
    });
    expect(findings).toEqual([
      expect.objectContaining({
        pagePath: "/kommende",
        component: "program",
        field: "bindings.filter.type",
        hint: "did you mean 'date'?",
      }),
      expect.objectContaining({
        pagePath: "/kommende",
        component: "program",
        field: "bindings.ticketDisplayMode",
        hint: "use -2 (hide), -1 (actual count) or a threshold such as 10",
      }),
    ]);
  });
  it("redirects: a loop", async () => {
    const findings = await lintWith((f) => {
      f.site.redirects.push({ fromPath: "/a", toPath: "/b" }, { fromPath: "/b", toPath: "/a" });
    });
    expect(findings[0]).toMatchObject({ field: expect.stringMatching(/^redirects\[1[01]\]\.toPath$/) });
    expect(findings[0].message).toMatch(/redirect loop: \/a → \/b → \/a|redirect loop: \/b → \/a → \/b/);
  });
  it("redirects: a chain longer than one is a warning, since the build sends it straight to the end (spec 2.1)", async () => {
    const [finding] = await warningsWith((f) => {
      f.site.redirects.push({ fromPath: "/programmet", toPath: "/program" });
    });
    expect(finding).toMatchObject({
      severity: "warning",
      field: "redirects[10].toPath",
      hint: "point '/programmet' straight at '/kinoprogram'",
    });
  });
  it("redirects: more rules than the chosen host reads is an error for that host only (Cloudflare: 2,000, each entry written for both slash forms)", async () => {
    const dir = await seedPartner((f) => {
      for (let i = 0; i < 1_001; i++) f.site.redirects.push({ fromPath: `/gammel-side-${i}`, toPath: "/kinoprogram" });
    });
    dirs.push(dir);
    const cloudflare = await lintPartner({ partner: "178", partnersDir: dir, host: "cloudflare" });
    expect(cloudflare.findings.filter((f) => f.severity === "error").map((f) => [f.field, f.message])).toEqual([
      ["site.redirects", "--host cloudflare: the number of redirect rules is 2014, over the host's limit of 2000"],
    ]);
    expect((await lintPartner({ partner: "178", partnersDir: dir, host: "netlify" })).errors).toBe(0);
  });
  it("redirects: a fromPath that shadows a real page is a warning, unless marked (the build applies it, spec 2.1)", async () => {
    const findings = await warningsWith((f) => {
      f.site.redirects.push(
        { fromPath: "/kommende", toPath: "/kinoprogram" },
        { fromPath: "/filmer", toPath: "/kinoprogram", shadowsPage: true },
      );
    });
    expect(findings.map((finding) => finding.field)).toEqual(["redirects[10].fromPath"]);
    expect(findings[0].message).toMatch(/hides the page/);
  });
});

describe("rich text the sanitiser changes (docs/rendering.md, Sanitiser allowlist)", () => {
  it("names the field of an unclosed <style>, an image that cannot load and a link without href", async () => {
    const dir = await seedPartner((f) => {
      dataOf(f, "/om-kinoen", "content").bindings.body = {
        binding: "<p>Før<style>p{}</p><p>Etter <img src=x> <a>død</a></p>",
        source: null,
      };
      f.events.productions[0].contents[0].body = '<p>Se <a href="javascript:alert(1)">her</a></p>';
    });
    dirs.push(dir);
    const result = await lintPartner({ partner: "178", partnersDir: dir });
    expect(result.errors).toBe(0);
    const page = result.findings.filter((f) => f.pagePath === "/om-kinoen");
    expect(page.map((f) => [f.severity, f.component, f.field])).toEqual([
      ["warning", "content", "bindings.body"],
      ["warning", "content", "bindings.body"],
      ["warning", "content", "bindings.body"],
    ]);
    expect(page.map((f) => f.message).sort()).toEqual([
      "<style> is never closed, so a browser would hide all text after it; the tag and its code are dropped and the text after kept",
      'image with src "x" cannot load; it is dropped (use an https:// URL)',
      "link 'død' has no href; it is shown as plain text",
    ]);
    const production = result.findings.find((f) => f.field?.startsWith("productions["));
    expect(production).toMatchObject({
      severity: "warning",
      field: expect.stringMatching(/^productions\[id=.+\]\.contents\[0\]\.body$/),
      message: `link 'her' has the unusable href "javascript:alert(1)"; it is shown as plain text`,
    });
  });
});

describe("finding output", () => {
  const findings: LintFinding[] = [
    { severity: "warning", partner: 178, pagePath: "/b", field: "x", message: "w" },
    {
      severity: "error",
      partner: 178,
      pagePath: "/a",
      blockId: "b1",
      component: "program",
      field: "bindings.title",
      message: "m",
      hint: "did you mean 'y'?",
    },
  ];
  it("text: one line per finding and a summary", () => {
    expect(formatFindingsText(findings)).toBe(
      "error   partner 178, page /a, block b1 (program), field bindings.title: m (did you mean 'y'?)\nwarning partner 178, page /b, field x: w\nlint: 1 error, 1 warning\n",
    );
  });
  it("json: sorted and stable", () => {
    expect(formatFindingsJson(findings)).toBe(formatFindingsJson([...findings].reverse()));
    expect(JSON.parse(formatFindingsJson(findings)).findings.map((f: LintFinding) => f.pagePath)).toEqual(["/a", "/b"]);
  });
});
