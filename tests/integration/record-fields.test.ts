/**
 * Listing blocks keep only the record fields their templates read (templates/blocks/record-fields.ts,
 * src/bind/project-records.ts; docs/performance.md: a film's synopsis re-rendered every day page that
 * lists the film). Two proofs over every route of partners 178, 118, 4242 and 5150 (the
 * spec-form partner):
 * - rendering from projected records gives the same bytes as rendering from the full records,
 *   so no template reads a field its list leaves out;
 * - a sentinel value in every field the lists leave out (and an extra field), and in every field
 *   of an item a listing does not show (past a card list's limit), renders the same bytes as
 *   the projected records, so what the projection drops cannot show on any page.
 */
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createPageResolver, type PageResolver } from "../../src/bind/index.js";
import { createRouteRenderDeps, renderRoute, type RenderedRoute } from "../../src/render/stage/render-route.js";
import { loadDataset } from "../../src/load.js";
import { StageTimer } from "../../src/log/index.js";
import type { Dataset, ResolvedPage } from "../../src/model/index.js";
import type { RenderAssets } from "../../src/render/index.js";
import { listProgrammeDayPages } from "../../src/render/programme-window.js";
import { expandRoutes, type Route } from "../../src/routes/index.js";
import { BLOCK_RECORD_FIELDS, type ItemFields } from "../../templates/blocks/record-fields.js";
import { ISLANDS } from "../../templates/islands/index.js";

const ASSETS: RenderAssets = {
  css: "/assets/site.12345678.css",
  js: "/assets/boot.87654321.js",
  islands: Object.fromEntries(Object.keys(ISLANDS).map((kind) => [kind, `/assets/island-${kind}.ABCDEFGH.js`])),
  islandImports: {},
  search: { basePath: "/assets/search/abcdef12/", cacheTag: "abcdef12", records: 3 },
};

const PARTNERS: { partner: string; dir: string }[] = [
  { partner: "178", dir: "partners" },
  { partner: "118", dir: "partners" },
  { partner: "4242", dir: "tests/fixtures/partners" },
  { partner: "5150", dir: "tests/fixtures/partners" },
];

interface Loaded {
  dataset: Dataset;
  routes: Route[];
}

const loaded = new Map<string, Loaded>();

beforeAll(async () => {
  for (const { partner, dir } of PARTNERS) {
    const { dataset } = await loadDataset(
      { partner, partnersDir: path.resolve(dir), source: "snapshot" },
      new StageTimer(),
    );
    const resolver = createPageResolver(dataset);
    const routes = expandRoutes({
      partner: dataset.partner.partner,
      pages: dataset.site.pages,
      selectRecords: resolver.selectRecords,
      programmeDays: listProgrammeDayPages(resolver),
    });
    loaded.set(partner, { dataset, routes });
  }
}, 180_000);

/** Every route's files rendered with the given resolver, by path. */
function renderAll({ dataset, routes }: Loaded, resolver: PageResolver): Map<string, string> {
  const deps = createRouteRenderDeps(dataset, ASSETS, resolver, null);
  const out = new Map<string, string>();
  for (const route of routes) {
    const result = renderRoute(deps, route);
    if (Array.isArray(result)) throw result[0];
    for (const file of (result as RenderedRoute).files) out.set(file.path, Buffer.from(file.contents).toString("utf8"));
  }
  return out;
}

/** Files whose contents differ between two renders (paths only, so a failure reads short). */
function differing(a: Map<string, string>, b: Map<string, string>): string[] {
  const paths = new Set([...a.keys(), ...b.keys()]);
  return [...paths].filter((file) => a.get(file) !== b.get(file));
}

/** A sentinel in every field of a list item that its ItemFields leave out, and one extra field. */
function withSentinels(value: unknown, item: ItemFields): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) {
    const nested = item.lists?.[name];
    if (nested && Array.isArray(field)) out[name] = field.map((entry) => withSentinels(entry, nested));
    else out[name] = item.fields.includes(name) || nested ? field : `SENTINEL-${name}`;
  }
  out.sentinelExtra = "SENTINEL-extra";
  return out;
}

function sentinelPage(page: ResolvedPage): ResolvedPage {
  return {
    ...page,
    blocks: page.blocks.map((block) => {
      const recordFields = BLOCK_RECORD_FIELDS[block.component];
      if (!recordFields) return block;
      return {
        ...block,
        data: block.data.map((data) => {
          const out = { ...data };
          for (const [name, item] of Object.entries(recordFields(data))) {
            if (!Array.isArray(out[name])) continue;
            const items = out[name] as Record<string, unknown>[];
            // An item the template does not show (past a card list's limit) gets a sentinel in every
            // field but its date, which orders the cards and so decides which are shown.
            const shown = new Set(item.shown ? item.shown(items, data) : items);
            out[name] = items.map((entry) => withSentinels(entry, shown.has(entry) ? item : { fields: ["date"] }));
          }
          return out;
        }),
      };
    }),
  };
}

/** The full resolver with a sentinel in every field the templates' lists leave out. */
function sentinelResolver(dataset: Dataset): PageResolver {
  const full = createPageResolver(dataset);
  const memo = new WeakMap<ResolvedPage, ResolvedPage>();
  const mark = (page: ResolvedPage) => {
    let marked = memo.get(page);
    if (!marked) memo.set(page, (marked = sentinelPage(page)));
    return marked;
  };
  return {
    ...full,
    resolvePage: (route) => mark(full.resolvePage(route)),
    resolveShared: (route) => mark(full.resolveShared(route)),
  };
}

describe.each(PARTNERS.map(({ partner }) => partner))(
  "partner %s: listings keep only the fields their templates read",
  (partner) => {
    let projected: Map<string, string>;

    beforeAll(() => {
      const site = loaded.get(partner)!;
      projected = renderAll(site, createPageResolver(site.dataset, { projectRecords: true }));
    }, 180_000);

    it("every route renders the same bytes from the projected records as from the full records", () => {
      const site = loaded.get(partner)!;
      const full = renderAll(site, createPageResolver(site.dataset));
      expect(full.size).toBeGreaterThan(0);
      expect(differing(projected, full)).toEqual([]);
    }, 180_000);

    it("a sentinel in every unread field changes no route's bytes and shows nowhere", () => {
      const site = loaded.get(partner)!;
      const marked = renderAll(site, sentinelResolver(site.dataset));
      expect(differing(projected, marked)).toEqual([]);
      expect([...marked.values()].some((html) => html.includes("SENTINEL-"))).toBe(false);
    }, 180_000);
  },
);

describe("the field lists", () => {
  it("name listing blocks of the catalogue, and 178 has routes that show each of them", () => {
    const site = loaded.get("178")!;
    const shown = new Set(site.dataset.site.pages.flatMap((page) => page.blocks.map((block) => block.component)));
    for (const kind of Object.keys(BLOCK_RECORD_FIELDS)) expect(shown.has(kind), kind).toBe(true);
  });
});
