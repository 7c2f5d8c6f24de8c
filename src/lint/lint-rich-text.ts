import { isBinding, type BindingMap, type CollectionBinding, type Dataset, type PropertyDef } from "../model/index.js";
import { findHtmlLosses } from "../render/sanitize.js";
import type { Findings, FindingLocation } from "./finding.js";

const RICH_TEXT_TYPES = new Set(["html", "markdown"]);

/**
 * Rich text the sanitiser must change in a way the editor would not expect (issue 13 item 5):
 * an unclosed <style>, an image that cannot load, a link without an href. The site keeps the
 * text; lint names each field so the editor can fix the source. Literal block fields, article
 * content and the productions' content texts are read.
 */
export function lintRichText(dataset: Dataset, findings: Findings): void {
  const partner = dataset.partner.partner;
  for (const page of dataset.site.pages) {
    for (const block of page.blocks) {
      const location = { partner, pagePath: page.path, blockId: block.id, component: block.component };
      for (const dataId of block.data) {
        const record = dataset.blockData[dataId];
        if (record) lintMap(block.metadata.properties, record.bindings, location, "bindings", findings);
      }
    }
  }
  for (const article of dataset.articles) {
    report(article.content, { partner, field: `articles[slug=${article.slug}].content` }, findings);
  }
  for (const production of dataset.productions) {
    (production.contents ?? []).forEach((content, i) => {
      for (const key of ["body", "summary"] as const) report(content[key], { partner, field: `productions[id=${production.id}].contents[${i}].${key}` }, findings);
    });
  }
}

function lintMap(props: readonly PropertyDef[], map: BindingMap, location: FindingLocation, path: string, findings: Findings): void {
  for (const prop of props) {
    const bound = map[prop.name];
    if (bound === undefined || bound === null) continue;
    const field = `${path}.${prop.name}`;
    if (prop.type === "object" && !isBinding(bound)) {
      lintMap(prop.properties ?? [], bound as BindingMap, location, field, findings);
    } else if (prop.type === "collection" && isBinding(bound) && bound.source === null) {
      ((bound as CollectionBinding).items ?? []).forEach((item, i) => lintMap(prop.prototype ?? [], item, location, `${field}.items[${i}]`, findings));
    } else if (RICH_TEXT_TYPES.has(prop.type) && isBinding(bound) && bound.source === null) {
      report(bound.binding, { ...location, field }, findings);
    }
  }
}

function report(html: unknown, location: FindingLocation, findings: Findings): void {
  for (const loss of findHtmlLosses(html)) findings.warning(location, loss);
}
