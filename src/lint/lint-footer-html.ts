import type { FooterColumn } from "../model/index.js";
import { sanitizeFooterHtml } from "../render/footer-html.js";
import type { Findings } from "./finding.js";

/**
 * The footer html items (spec 2.7): what the footer allowlist drops from each
 * (src/render/footer-html.ts), one warning per item naming the column and the item.
 */
export function lintFooterHtml(columns: readonly FooterColumn[], scriptHosts: readonly string[], partner: number, findings: Findings): void {
  for (const message of footerHtmlWarnings(columns, scriptHosts)) findings.warning({ partner, field: message.field }, message.text, "only <script src> from contentSecurity.scriptHosts and plain rich text are kept");
}

export interface FooterHtmlWarning {
  /** 'theme.footer[1].items[3]' */
  field: string;
  text: string;
}

export function footerHtmlWarnings(columns: readonly FooterColumn[], scriptHosts: readonly string[]): FooterHtmlWarning[] {
  const warnings: FooterHtmlWarning[] = [];
  columns.forEach((column, c) =>
    column.items.forEach((item, i) => {
      if (item.type !== "html") return;
      const { dropped } = sanitizeFooterHtml(item.value, scriptHosts);
      if (dropped.length > 0) warnings.push({ field: `theme.footer[${c}].items[${i}]`, text: `footer html item in column '${column.title}' drops ${dropped.join(", ")}` });
    }),
  );
  return warnings;
}
