import { didYouMeanHint } from "../errors/index.js";
import {
  COMPONENTS,
  META_FIELDS,
  isComponentKind,
  type Binding,
  type Dataset,
  type Page,
  type PropertyDef,
} from "../model/index.js";
import type { Findings } from "./finding.js";
import { lintBinding, lintBindingMap } from "./lint-bindings.js";
import { lintSources } from "./lint-sources.js";

const KINDS = Object.keys(COMPONENTS);

/** One page: its sources, its meta bindings and every block (hidden ones too: they may be shown later). */
export function lintPage(page: Page, dataset: Dataset, findings: Findings): void {
  const partner = dataset.partner.partner;
  lintSources(page, partner, findings);
  for (const [locale, meta] of Object.entries(page.meta.data)) {
    for (const [field, bound] of Object.entries(meta ?? {})) {
      const location = { partner, pagePath: page.path };
      if (!(META_FIELDS as readonly string[]).includes(field)) {
        findings.warning(
          { ...location, field: `meta.data.${locale}.${field}` },
          `'${field}' is not a meta field; it is ignored`,
          didYouMeanHint(field, META_FIELDS) ?? `meta fields: ${META_FIELDS.join(", ")}`,
        );
        continue;
      }
      if (bound) lintBinding(bound as Binding, [], { page, findings, location }, `meta.data.${locale}.${field}`);
    }
  }
  const blockIds = new Set<string>();
  for (const block of page.blocks) {
    const location = { partner, pagePath: page.path, blockId: block.id, component: block.component };
    if (blockIds.has(block.id)) findings.error({ ...location, field: "id" }, `two blocks have the id '${block.id}'`);
    blockIds.add(block.id);
    if (!isComponentKind(block.component)) {
      findings.error(
        { ...location, field: "component" },
        `unknown component kind '${block.component}'`,
        didYouMeanHint(block.component, KINDS) ?? `kinds: ${KINDS.join(", ")}`,
      );
    }
    lintPlacement(page, block.place, findings, location);
    const props: PropertyDef[] = block.metadata.properties;
    for (const dataId of block.data) {
      const record = dataset.blockData[dataId];
      if (!record) {
        findings.error(
          { ...location, field: "data" },
          `block data '${dataId}' does not exist`,
          didYouMeanHint(dataId, Object.keys(dataset.blockData)),
        );
        continue;
      }
      lintBindingMap(props, record.bindings, [], { page, findings, location }, "bindings");
    }
    if (block.data.length === 0)
      findings.warning({ ...location, field: "data" }, "the block has no block data, so every field takes its default");
  }
}

function lintPlacement(
  page: Page,
  place: Page["blocks"][number]["place"],
  findings: Findings,
  location: { partner: number; pagePath: string; blockId: string; component: string },
): void {
  const row = page.template.rows.find((r) => r.index === place.row);
  if (!row) {
    const rows = page.template.rows.map((r) => r.index);
    findings.error(
      { ...location, field: "place.row" },
      `row ${place.row} is not in the page template (rows: ${rows.join(", ") || "none"})`,
    );
    return;
  }
  if (!row.columns.some((c) => c.index === place.column)) {
    findings.error(
      { ...location, field: "place.column" },
      `column ${place.column} is not in row ${place.row} of the page template (columns: ${row.columns.map((c) => c.index).join(", ")})`,
    );
  }
}
