/**
 * The warnings a site gets before any page renders: what planning the site files found
 * (redirects to nowhere or shadowed by a page, the host's soft limits), lint's page and
 * menu-tree errors (a binding to a property the model does not have is published empty, but
 * not without a word: docs/architecture.md "validate") and the footer html check. build() and
 * every pass of the dev session that plans the site files report the same list.
 */
import { pageBindingWarnings } from "../lint/index.js";
import { footerHtmlWarnings } from "../lint/lint-footer-html.js";
import type { Dataset } from "../model/index.js";

export function collectSiteWarnings(dataset: Dataset, siteFileWarnings: readonly string[]): string[] {
  const footer = footerHtmlWarnings(dataset.site.theme.footer, dataset.partner.contentSecurity.scriptHosts).map(
    (w) => `${w.field}: ${w.text}`,
  );
  return [...siteFileWarnings, ...pageBindingWarnings(dataset), ...footer];
}
