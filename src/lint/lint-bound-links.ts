import { createPageResolver } from "../bind/index.js";
import { didYouMeanHint } from "../errors/index.js";
import type { Dataset, PropertyDef, ResolvedPage } from "../model/index.js";
import { expandRoutes, type Route } from "../routes/index.js";
import type { Findings } from "./finding.js";
import { isInternal, leadsSomewhere, pathOnly, type KnownPaths } from "./lint-links.js";

/** Internal links of one block field that lead nowhere, over every route of one CMS page. */
interface DeadField {
  pagePath: string;
  blockId: string;
  component: string;
  field: string;
  total: number;
  dead: { value: string; route: string }[];
}

/**
 * Link fields (type `link`) whose resolved value is an internal path that is neither a route nor
 * a redirect (docs/architecture.md, links): lint resolves every route as the build does and reports each
 * page, block and field once, with how many of its links lead nowhere and an example. A
 * culture production's link bound as '/' + parentSlug (spec 3.5) is the known case: its page
 * is at its pageReference, and the hint says so.
 */
export function lintBoundLinks(dataset: Dataset, known: KnownPaths, findings: Findings): void {
  const partner = dataset.partner.partner;
  const resolver = createPageResolver(dataset);
  const fields = new Map<string, DeadField>();
  for (const page of dataset.site.pages) {
    let routes: Route[];
    try {
      routes = expandRoutes({ partner, pages: [page], selectRecords: resolver.selectRecords });
    } catch {
      continue; // reported by the route check
    }
    for (const route of routes) {
      let resolved: ResolvedPage;
      try {
        resolved = resolver.resolvePage(route);
      } catch {
        continue; // binding errors are reported by the binding checks and the build
      }
      for (const block of resolved.blocks) {
        const props = page.blocks.find((b) => b.id === block.id)?.metadata.properties ?? [];
        for (const data of block.data) {
          walkLinks(props, data, "bindings", (field, value) => {
            const key = `${page.path}\u0000${block.id}\u0000${field}`;
            let entry = fields.get(key);
            if (!entry)
              fields.set(
                key,
                (entry = {
                  pagePath: page.path,
                  blockId: block.id,
                  component: block.component,
                  field,
                  total: 0,
                  dead: [],
                }),
              );
            entry.total += 1;
            if (!leadsSomewhere(value, known)) entry.dead.push({ value, route: route.path });
          });
        }
      }
    }
  }
  const cultureRoutes = culturePagesBySlugLink(dataset, known);
  for (const entry of fields.values()) {
    if (entry.dead.length === 0) continue;
    const [example] = entry.dead;
    const distinct = new Set(entry.dead.map((d) => d.value)).size;
    const where = example.route === entry.pagePath ? "" : ` on ${example.route}`;
    const count =
      distinct === entry.dead.length ? `${entry.dead.length}` : `${entry.dead.length} (${distinct} different)`;
    const message = `${count} of ${entry.total} link${entry.total === 1 ? "" : "s"} ${entry.dead.length === 1 ? "leads" : "lead"} to no page, e.g. '${example.value}'${where}`;
    const culture = cultureRoutes.get(pathOnly(example.value));
    const hint = culture
      ? `'${example.value}' is a culture production's parentSlug; its page is at its pageReference '${culture}': bind '/{@pageReference ?? @parentSlug}'`
      : (didYouMeanHint(pathOnly(example.value), known.routes) ?? "link to a page that exists, or add a redirect");
    findings.warning(
      { partner, pagePath: entry.pagePath, blockId: entry.blockId, component: entry.component, field: entry.field },
      message,
      hint,
    );
  }
}

/** Every internal value of a `link` field in resolved block data, with its schema path. */
function walkLinks(
  props: readonly PropertyDef[],
  data: unknown,
  path: string,
  visit: (field: string, value: string) => void,
): void {
  if (data === null || typeof data !== "object") return;
  const record = data as Record<string, unknown>;
  for (const prop of props) {
    const value = record[prop.name];
    const field = `${path}.${prop.name}`;
    if (prop.type === "link" && typeof value === "string" && isInternal(value)) visit(field, value);
    else if (prop.type === "object") walkLinks(prop.properties ?? [], value, field, visit);
    else if (prop.type === "collection" && Array.isArray(value))
      for (const item of value) walkLinks(prop.prototype ?? [], item, `${field}.item`, visit);
  }
}

/** '/' + parentSlug of each culture production whose own page is at '/' + pageReference. */
function culturePagesBySlugLink(dataset: Dataset, known: KnownPaths): Map<string, string> {
  const out = new Map<string, string>();
  for (const production of dataset.productions) {
    if (production.object !== "culture" || !production.pageReference) continue;
    const own = `/${production.pageReference}`;
    if (known.routes.has(own)) out.set(`/${production.parentSlug}`, own);
  }
  return out;
}
