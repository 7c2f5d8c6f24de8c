/**
 * Site footer (spec 2.7): the columns in order with their title, link, text and html items
 * (the html item carries the partner's third-party script: it passes its own allowlist,
 * src/render/footer-html.ts, which keeps scripts only from the partner's CSP script hosts),
 * the opening hours (spec 9) and the footer menu. Rendered once per build: it does not depend
 * on the page.
 */
import type { FooterColumn, FooterItem } from "../../src/model/index.js";
import { parseOpeningHours } from "../../src/shared/opening-hours.js";
import { sanitizeFooterHtml, splitFooterHtml } from "../../src/render/footer-html.js";
import { useRender } from "../context.js";
import { useMemos } from "../memo-context.js";
import { AppBadgeList } from "../ui/app-badges.js";
import { SmartLink } from "../ui/smart-link.js";

function FooterEntry({ item }: { item: FooterItem }) {
  const { site } = useRender();
  const memos = useMemos();
  switch (item.type) {
    case "title":
      return (
        <li className="footer-item footer-item--title">
          <h3>{item.value}</h3>
        </li>
      );
    case "link":
      // No class: `.footer-items a` styles it (docs/performance.md: bytes on every page).
      return (
        <li>
          {item.href ? (
            <SmartLink href={item.href} newWindow={item.openInNewWindow === true}>
              {item.value}
            </SmartLink>
          ) : (
            item.value
          )}
        </li>
      );
    case "text":
      // No class: `.opening-hours li` styles the opening hours (docs/performance.md: bytes on every page).
      return <li>{item.value}</li>;
    case "html": {
      // Sanitised to what spec 2.7 needs. Its text shows at once; its third-party scripts and
      // images wait in an inert <template> until the visitor consents (client/consent-scripts.ts).
      const { visible, held } = splitFooterHtml(
        sanitizeFooterHtml(item.value, site.partner.contentSecurity.scriptHosts, memos).html,
        memos,
      );
      return (
        <li className="footer-item footer-item--html">
          {visible ? <div className="footer-html" dangerouslySetInnerHTML={{ __html: visible }} /> : null}
          {held ? <template data-consent-html="" dangerouslySetInnerHTML={{ __html: held }} /> : null}
        </li>
      );
    }
    default:
      return null;
  }
}

/**
 * A column's heading and the items under it. Partners writing the spec's footer (3.2) often
 * repeat the column title as its first 'title' item: that item is the heading, not a second
 * copy of it (docs/rendering.md). A column without a title takes its first title item.
 */
export function columnParts(column: FooterColumn): { heading: string; items: FooterItem[] } {
  const same = (a: string, b: string) => a.trim().toLocaleLowerCase("nb") === b.trim().toLocaleLowerCase("nb");
  const firstTitle = column.items.find((item) => item.type === "title");
  const heading = column.title.trim() || firstTitle?.value.trim() || "";
  return { heading, items: column.items.filter((item) => !(item.type === "title" && same(item.value, heading))) };
}

/** The app-store badges (theme.appBadges): in the footer on phones, where the header has no room for them. */
function FooterApps() {
  const { site } = useRender();
  const badges = site.site.theme.appBadges ?? [];
  if (badges.length === 0) return null;
  return (
    <section className="footer-column footer-apps">
      <h2>Last ned appen</h2>
      <AppBadgeList badges={badges} />
    </section>
  );
}

function isOpeningHours(column: FooterColumn): boolean {
  const texts = column.items.filter((item) => item.type === "text").map((item) => item.value);
  return texts.length > 0 && parseOpeningHours(texts).length === texts.length;
}

export function Footer() {
  const { site } = useRender();
  const address = site.site.address;
  const year = site.nowLocal.slice(0, 4);
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="footer-columns">
          {site.footerColumns.map((column, index) => {
            const { heading, items } = columnParts(column);
            return (
              // Headed, not named: named sections would be four region landmarks inside the
              // footer's own (docs/spec-decisions.md, "Block sections are not landmarks").
              // The heading is styled as `.footer-columns h2` (docs/performance.md: bytes on every page).
              <section className="footer-column" key={index}>
                {heading ? <h2>{heading}</h2> : null}
                <ul className={isOpeningHours(column) ? "footer-items opening-hours" : "footer-items"}>
                  {items.map((item, itemIndex) => (
                    <FooterEntry key={itemIndex} item={item} />
                  ))}
                </ul>
              </section>
            );
          })}
          <FooterApps />
        </div>
        {site.footerMenu.length > 0 ? (
          <nav className="footer-menu" aria-label="Bunnmeny">
            <ul>
              {site.footerMenu.map((node) => (
                <li key={node.id}>
                  <SmartLink href={node.path} newWindow={node.openInNewWindow}>
                    {node.label}
                  </SmartLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <p className="footer-consent">
          {/* Shown by the boot script (client/consent.ts): without JavaScript nothing is asked or loaded. */}
          <button type="button" className="link-button" data-consent-open="" hidden>
            Innstillinger for informasjonskapsler
          </button>
        </p>
        <p className="footer-bottom">
          © {year} {site.partner.name}
          {address ? ` · ${address.street}, ${address.postalCode} ${address.city}` : ""}
        </p>
      </div>
    </footer>
  );
}
