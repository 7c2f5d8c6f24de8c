import { isBinding, type BindingMap, type CollectionBinding, type Dataset, type PropertyDef } from "../model/index.js";
import { findHtmlLosses } from "../render/sanitize.js";
import type { Findings, FindingLocation } from "./finding.js";
import { isInternal, leadsSomewhere, pathOnly, type KnownPaths } from "./lint-links.js";

const RICH_TEXT_TYPES = new Set(["html", "markdown"]);

/**
 * Rich text the sanitiser must change in a way the editor would not expect (docs/rendering.md, Sanitiser allowlist):
 * an unclosed <style>, an image that cannot load, a link without an href. The site keeps the
 * text; lint names each field so the editor can fix the source. Literal block fields, article
 * content and the productions' content texts are read.
 */
export function lintRichText(dataset: Dataset, known: KnownPaths, findings: Findings): void {
  const report = (html: unknown, location: FindingLocation) => {
    for (const loss of findHtmlLosses(html)) findings.warning(location, loss);
    for (const href of internalHrefs(html)) {
      if (!leadsSomewhere(href, known))
        findings.warning(
          location,
          `a link goes to '${href}', which is neither a page nor a redirect`,
          "visitors following it get the not-found page",
        );
    }
  };
  const partner = dataset.partner.partner;
  for (const page of dataset.site.pages) {
    for (const block of page.blocks) {
      const location = { partner, pagePath: page.path, blockId: block.id, component: block.component };
      for (const dataId of block.data) {
        const record = dataset.blockData[dataId];
        if (record) lintMap(block.metadata.properties, record.bindings, location, "bindings", report);
      }
    }
  }
  for (const article of dataset.articles) {
    report(article.content, { partner, field: `articles[slug=${article.slug}].content` });
  }
  for (const production of dataset.productions) {
    (production.contents ?? []).forEach((content, i) => {
      for (const key of ["body", "summary"] as const)
        report(content[key], { partner, field: `productions[id=${production.id}].contents[${i}].${key}` });
    });
  }
}

type Report = (html: unknown, location: FindingLocation) => void;

function lintMap(
  props: readonly PropertyDef[],
  map: BindingMap,
  location: FindingLocation,
  path: string,
  report: Report,
): void {
  for (const prop of props) {
    const bound = map[prop.name];
    if (bound === undefined || bound === null) continue;
    const field = `${path}.${prop.name}`;
    if (prop.type === "object" && !isBinding(bound)) {
      lintMap(prop.properties ?? [], bound as BindingMap, location, field, report);
    } else if (prop.type === "collection" && isBinding(bound) && bound.source === null) {
      ((bound as CollectionBinding).items ?? []).forEach((item, i) =>
        lintMap(prop.prototype ?? [], item, location, `${field}.items[${i}]`, report),
      );
    } else if (RICH_TEXT_TYPES.has(prop.type) && isBinding(bound) && bound.source === null) {
      report(bound.binding, { ...location, field });
    }
  }
}

/** The site-internal hrefs of rich text ('/kinoprogram', not '//host' or 'https://…'), decoded. */
function internalHrefs(html: unknown): string[] {
  if (typeof html !== "string" || !html.includes("href")) return [];
  const hrefs = [...html.matchAll(/<a\b[^>]*?\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)].map((m) =>
    (m[1] ?? m[2] ?? m[3]).trim(),
  );
  return hrefs.filter(isInternal).map((href) => {
    try {
      return decodeURI(pathOnly(href));
    } catch {
      return pathOnly(href);
    }
  });
}
