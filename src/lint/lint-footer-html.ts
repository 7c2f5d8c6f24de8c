import type { FooterColumn } from "../model/index.js";
import { sanitizeFooterHtml } from "../render/footer-html.js";
import type { Findings } from "./finding.js";

/**
 * The footer html items (spec 2.7): what the footer allowlist drops from each
 * (src/render/footer-html.ts), one warning per item naming the column and the item.
 */
export function lintFooterHtml(
  columns: readonly FooterColumn[],
  scriptHosts: readonly string[],
  partner: number,
  findings: Findings,
): void {
  for (const message of footerHtmlWarnings(columns, scriptHosts))
    findings.warning(
      { partner, field: message.field },
      message.text,
      "only <script src> from contentSecurity.scriptHosts, plain rich text and id, class and data-* are kept; give the widget an id the page does not use",
    );
}

export interface FooterHtmlWarning {
  /** 'theme.footer[1].items[3]' */
  field: string;
  text: string;
}

export function footerHtmlWarnings(
  columns: readonly FooterColumn[],
  scriptHosts: readonly string[],
): FooterHtmlWarning[] {
  const warnings: FooterHtmlWarning[] = [];
  columns.forEach((column, c) =>
    column.items.forEach((item, i) => {
      if (item.type !== "html") return;
      const { html, dropped } = sanitizeFooterHtml(item.value, scriptHosts);
      const field = `theme.footer[${c}].items[${i}]`;
      if (dropped.length > 0)
        warnings.push({ field, text: `footer html item in column '${column.title}' drops ${dropped.join(", ")}` });
      const taken = idsOf(html).filter(isPageId);
      if (taken.length > 0)
        warnings.push({
          field,
          text: `footer html item in column '${column.title}' uses the id ${taken.map((id) => `'${id}'`).join(", ")}, which the page's own markup uses (links and scripts would find the wrong element)`,
        });
    }),
  );
  return warnings;
}

/**
 * Ids the layout and blocks write on pages (templates/layout, templates/blocks, templates/islands,
 * client/consent-banner.ts, client/loader/swap-page.ts). A footer item keeps its ids as written
 * (spec 2.7: a widget's mount point); one of these would be a second element with the id.
 */
const PAGE_IDS = new Set([
  "innhold",
  "hovedmeny",
  "meny-bryter",
  "tickets",
  "logg-inn",
  "mine-billetter",
  "min-liste",
  "samtykke",
  "samtykke-tittel",
  "sidelaster-kunngjoring",
  "bt",
]);
/** Day anchors ('dag-…', templates/ui/day-anchor.ts) and the ticket list's day labels ('bd0'). */
const PAGE_ID_PATTERN = /^(?:dag-|bd\d+$)/;

function isPageId(id: string): boolean {
  return PAGE_IDS.has(id) || PAGE_ID_PATTERN.test(id);
}

/** The ids of a sanitised item (sanitize-html writes attributes double-quoted). */
function idsOf(html: string): string[] {
  return [...html.matchAll(/\sid="([^"]*)"/g)].map((match) => match[1]);
}
