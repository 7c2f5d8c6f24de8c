/**
 * The dev session's build (src/session/build-session.ts): after each kind of content save
 * and its follow-up (search index), the served folder equals a clean dev build byte for
 * byte; a rebuild renders only the routes whose inputs changed and writes only the files
 * whose bytes changed; a rebuild without changes renders and writes nothing.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, type BuildResult } from "../../src/build.js";
import { brokenLinksWarning } from "../../src/links/index.js";
import { createBuildSession, type BuildSession, type Rebuilt } from "../../src/session/build-session.js";
import { hashTree } from "../helpers/files.js";

let root: string;
let partnersDir: string;
let out: string;
let session: BuildSession;
let cleanBuilds = 0;
let capturedAt = "";
const snapshotFile = (name: string) => path.join(partnersDir, "178", "snapshot", name);

async function editJson(name: string, edit: (json: any) => void): Promise<void> {
  const json = JSON.parse(await readFile(snapshotFile(name), "utf8"));
  edit(json);
  await writeFile(snapshotFile(name), JSON.stringify(json));
}

/** The session's folder against a clean dev build of the same partner folder (no build cache); returns the build's result. */
async function expectEqualToCleanBuild(): Promise<BuildResult> {
  const clean = path.join(root, `clean-${(cleanBuilds += 1)}`);
  const result = await build({
    partner: "178",
    partnersDir,
    source: "snapshot",
    out: clean,
    dev: true,
    cache: false,
    workers: 1,
  });
  const [mine, theirs] = await Promise.all([hashTree(out), hashTree(clean)]);
  expect(
    Object.keys(mine).filter((file) => !(file in theirs)),
    "files only the session has",
  ).toEqual([]);
  expect(
    Object.keys(theirs).filter((file) => !(file in mine)),
    "files only the clean build has",
  ).toEqual([]);
  expect(
    Object.keys(mine).filter((file) => mine[file] !== theirs[file]),
    "files whose bytes differ",
  ).toEqual([]);
  await rm(clean, { recursive: true, force: true });
  return result;
}

async function rebuildAndFollow(): Promise<{ rebuilt: Rebuilt; follow: Awaited<Rebuilt["followUp"]> }> {
  const rebuilt = await session.rebuild();
  const follow = await rebuilt.followUp;
  expect(follow.failure).toBeNull();
  expect(follow.stale).toBe(false);
  return { rebuilt, follow };
}

beforeAll(async () => {
  root = await mkdtemp(path.join(existsShm() ? "/dev/shm" : tmpdir(), "cb-session-"));
  partnersDir = path.join(root, "partners");
  await cp(path.resolve("partners/178"), path.join(partnersDir, "178"), { recursive: true });
  out = path.join(root, "out");
  capturedAt = JSON.parse(await readFile(snapshotFile("meta.json"), "utf8")).capturedAt;
  session = createBuildSession({ partner: "178", partnersDir, source: "snapshot", out });
  const first = await session.rebuild();
  expect(first.report.mode).toBe("full");
  await first.followUp;
}, 120_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("the dev build session", () => {
  it("a rebuild without changes renders no route and writes no file", async () => {
    const { rebuilt, follow } = await rebuildAndFollow();
    expect(rebuilt.report.mode).toBe("incremental");
    expect(rebuilt.report.rendered).toEqual([]);
    expect(rebuilt.report.reused).toBe(rebuilt.report.routes);
    expect(rebuilt.report.written).toEqual([]);
    expect(rebuilt.report.removed).toEqual([]);
    expect(follow.search).toBe("unchanged");
    expect(follow.pages).toEqual([]);
  });

  it("an article's new title: its page, the lists that show it, the sitemap and the search index; equal to a clean build", async () => {
    let slug = "";
    await editJson("articles.json", (articles) => {
      articles[0].title = "En ny tittel fra sesjonstesten";
      slug = articles[0].slug;
    });
    const { rebuilt, follow } = await rebuildAndFollow();
    const { rendered, written } = rebuilt.report;
    expect(rendered).toContain(`/article/${slug}`);
    expect(rendered.length).toBeLessThan(20);
    expect(rendered).not.toContain("/kinoprogram");
    // Page files of routes that were not rendered are never written.
    const pageFiles = written.filter((file) => file.endsWith("index.html") || file.startsWith("page-data/"));
    expect(pageFiles.length).toBeLessThanOrEqual(rendered.length * 2);
    expect(await readFile(path.join(out, "article", slug, "index.html"), "utf8")).toContain(
      "En ny tittel fra sesjonstesten",
    );
    // The index follows the reload: a new folder, and the pages that name it.
    expect(follow.search).toBe("rebuilt");
    expect(follow.pages.length).toBeGreaterThan(0);
    expect(follow.links?.pages).toBeGreaterThan(200);
    // The dev client's script is served by the dev server: not a broken link.
    expect(follow.links?.broken.filter((link) => link.url.includes("/__dev/"))).toEqual([]);
    await expectEqualToCleanBuild();
  }, 120_000);

  it("a film's new title: its page and the listings and day pages that show it, no other film; equal to a clean build", async () => {
    let slug = "";
    await editJson("events.json", (events) => {
      const film = filmWithMostUpcomingShowings(events);
      film.title = film.parentTitle = "Sesjonsfilmen";
      slug = film.parentSlug;
    });
    const { rebuilt } = await rebuildAndFollow();
    const { rendered } = rebuilt.report;
    expect(rendered).toContain(`/${slug}`);
    // The programme's day pages that list the film are rendered again, the other days are not.
    const dayPages = rendered.filter((p) => p.includes("/dag/"));
    expect(dayPages.length).toBeGreaterThan(0);
    expect(rebuilt.report.reused).toBeGreaterThan(rebuilt.report.routes * 0.7);
    const films = JSON.parse(await readFile(snapshotFile("events.json"), "utf8")).productions.map(
      (p: { parentSlug: string }) => `/${p.parentSlug}`,
    );
    expect(rendered.filter((p) => films.includes(p))).toEqual([`/${slug}`]);
    await expectEqualToCleanBuild();
  }, 120_000);

  it("a film's new synopsis: only the pages that show it (its film page, listings that show the synopsis), no day page; equal to a clean build", async () => {
    // Regression (docs/performance.md): programme entries carried the synopsis in their resolved data, so
    // every day page listing the film was rendered again, byte for byte the same as before.
    const synopsis = "Sesjonstestens nye omtale av filmen";
    let slug = "";
    await editJson("events.json", (events) => {
      const film = filmWithMostUpcomingShowings(events);
      film.contents[0].summary = synopsis;
      slug = film.parentSlug;
    });
    const { rebuilt } = await rebuildAndFollow();
    const { rendered } = rebuilt.report;
    expect(rendered).toContain(`/${slug}`);
    expect(rendered.filter((p) => p.includes("/dag/"))).toEqual([]);
    const pageFile = (route: string) => path.join(out, route === "/" ? "" : route.slice(1), "index.html");
    const showing = await Promise.all(
      rendered.map(async (route) => ((await readFile(pageFile(route), "utf8")).includes(synopsis) ? null : route)),
    );
    expect(
      showing.filter((route) => route !== null),
      "rendered routes that do not show the synopsis",
    ).toEqual([]);
    await expectEqualToCleanBuild();
  }, 120_000);

  it("a showing moved to the next day: the day pages of both days; equal to a clean build", async () => {
    await editJson("events.json", (events) => {
      const upcoming = events.events.filter(
        (event: { id: string | null; begin: string }) =>
          event.id !== null && Date.parse(event.begin) > Date.parse(capturedAt),
      );
      const showing = upcoming[Math.floor(upcoming.length / 2)];
      // The same time on the next calendar day (noon UTC keeps the date arithmetic clear of offsets).
      const nextDay = new Date(Date.parse(`${showing.begin.slice(0, 10)}T12:00:00Z`) + 86_400_000)
        .toISOString()
        .slice(0, 10);
      showing.begin = `${nextDay}${showing.begin.slice(10)}`;
    });
    const { rebuilt } = await rebuildAndFollow();
    expect(rebuilt.report.rendered.length).toBeGreaterThan(0);
    expect(rebuilt.report.reused).toBeGreaterThan(rebuilt.report.routes * 0.7);
    await expectEqualToCleanBuild();
  }, 120_000);

  it("a programme page's source filter: its day pages again; equal to a clean build", async () => {
    const events = JSON.parse(await readFile(snapshotFile("events.json"), "utf8"));
    const film = filmWithMostUpcomingShowings(events);
    let programme = "";
    await editJson("site.json", (site) => {
      // Leave the film out of a programme page with day pages (not the front page).
      const page = site.pages.find(
        (candidate: {
          path: string;
          blocks: { component: string }[];
          sources: { model: string; collection: boolean }[];
        }) =>
          candidate.path !== "/" &&
          candidate.blocks.some((block) => block.component === "program") &&
          candidate.sources.some((source) => source.model === "production" && source.collection),
      );
      programme = page.path;
      const source = page.sources.find(
        (candidate: { model: string; collection: boolean }) => candidate.model === "production" && candidate.collection,
      );
      source.filter.push({ property: "id", operator: "regex", value: `^(?!${film.id}$)` });
    });
    const { rebuilt } = await rebuildAndFollow();
    // The day pages that listed the film (the page's own window may not).
    expect(rebuilt.report.rendered.some((p) => p.startsWith(`${programme}/dag/`))).toBe(true);
    await expectEqualToCleanBuild();
  }, 120_000);

  it("a page removed from the site: its files are deleted; equal to a clean build", async () => {
    let removedPath = "";
    await editJson("site.json", (site) => {
      const index = site.pages.findIndex(
        (page: { path: string; blocks: { component: string }[] }) =>
          !page.path.includes(":") &&
          page.path !== "/" &&
          !page.blocks.some((b) => ["program", "schedule", "culture-program", "search-results"].includes(b.component)),
      );
      removedPath = site.pages[index].path;
      site.pages.splice(index, 1);
    });
    const { rebuilt } = await rebuildAndFollow();
    expect(rebuilt.report.removed).toContain(`${removedPath.slice(1)}/index.html`);
    await expectEqualToCleanBuild();
  }, 120_000);

  it("a showing removed: its film's page again; equal to a clean build", async () => {
    let film = "";
    await editJson("events.json", (events) => {
      // The last showing: after the capture time, so pages list it.
      const showings = events.events.filter((event: { id: string | null }) => event.id !== null);
      const last = showings.reduce((a: { begin: string }, b: { begin: string }) => (b.begin > a.begin ? b : a));
      film = events.productions.find((p: { id: string }) => p.id === last.production).parentSlug;
      events.events.splice(events.events.indexOf(last), 1);
    });
    const { rebuilt } = await rebuildAndFollow();
    expect(
      rebuilt.report.rendered.some((p) => p.startsWith(`/${film}`)),
      rebuilt.report.rendered.join(", "),
    ).toBe(true);
    expect(rebuilt.report.reused).toBeGreaterThan(0);
    await expectEqualToCleanBuild();
  }, 120_000);

  it("a menu label changed (every page shows it): a full pass into a new folder; equal to a clean build", async () => {
    const label = "Sesjonsmenyen";
    await editJson("site.json", (site) => {
      site.theme.menu.find(
        (item: { path: string; place: string }) => item.path === "/kinoprogram" && item.place === "header",
      ).label = label;
    });
    const { rebuilt } = await rebuildAndFollow();
    expect(rebuilt.report.mode).toBe("full");
    expect(rebuilt.report.rendered.length).toBeGreaterThan(rebuilt.report.routes * 0.9);
    expect(await readFile(path.join(out, "index.html"), "utf8")).toContain(label);
    await expectEqualToCleanBuild();
  }, 120_000);

  it("a binding to a property the model lacks: the rebuild warns as build() does (lint's page checks); equal to a clean build", async () => {
    const site = JSON.parse(await readFile(snapshotFile("site.json"), "utf8"));
    const block = site.pages
      .find((page: { path: string }) => page.path === "/kinoprogram")
      .blocks.find((b: { component: string }) => b.component === "program");
    const good = await readFile(snapshotFile("block-data.json"), "utf8");
    await editJson("block-data.json", (blockData) => {
      blockData.find(
        (data: { id: string }) => data.id === block.data[0],
      ).bindings.events.item.tickets.item.location.binding = "@location.nmae";
    });
    const { rebuilt } = await rebuildAndFollow();
    expect(rebuilt.report.mode).toBe("incremental");
    expect(rebuilt.report.warnings).toEqual([
      expect.stringMatching(
        /^page \/kinoprogram, block [^,]+ \(program\), field bindings\.events\.item\.tickets\.item\.location: binding '@location\.nmae' .*'cinema-build lint' reports it as an error$/,
      ),
    ]);
    const clean = await expectEqualToCleanBuild();
    // The session checks the links in the follow-up (follow.links), not in the pass.
    expect(rebuilt.report.warnings).toEqual(
      clean.warnings.filter((warning) => warning !== brokenLinksWarning(clean.links)),
    );
    await writeFile(snapshotFile("block-data.json"), good);
    const { rebuilt: restored } = await rebuildAndFollow();
    expect(restored.report.warnings).toEqual([]);
  }, 120_000);

  it("a save with bad JSON fails with its location and leaves the folder as it was", async () => {
    const before = await hashTree(out);
    const good = await readFile(snapshotFile("articles.json"), "utf8");
    await writeFile(snapshotFile("articles.json"), '{"broken": ');
    await expect(session.rebuild()).rejects.toThrow(/articles\.json/);
    expect(await hashTree(out)).toEqual(before);
    await writeFile(snapshotFile("articles.json"), good);
    const { rebuilt } = await rebuildAndFollow();
    expect(rebuilt.report.written).toEqual([]);
  }, 60_000);
});

/** A film on the programme: the one with the most showings after the capture time. */
function filmWithMostUpcomingShowings(events: {
  productions: any[];
  events: { production: string; begin: string }[];
}): any {
  const counts = new Map<string, number>();
  for (const event of events.events)
    if (Date.parse(event.begin) > Date.parse(capturedAt))
      counts.set(event.production, (counts.get(event.production) ?? 0) + 1);
  const films = events.productions.filter((p) => p.object === "movie" && counts.has(p.id));
  return films.sort((a, b) => counts.get(b.id)! - counts.get(a.id)! || (a.id < b.id ? -1 : 1))[0];
}

function existsShm(): boolean {
  return process.platform === "linux";
}
