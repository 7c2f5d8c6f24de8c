import type { Fields } from "../../src/isomorphic/block-fields.js";
import type { ListingPager } from "../../src/render/listing-pages.js";

/**
 * "Forrige side" / "Neste side" under a listing longer than a page (src/render/listing-pages.ts):
 * plain links to the listing's other pages, so every film is reachable without JavaScript
 * and by crawlers (rel=prev/next).
 */
export function ListingPagerNav({ data }: { data: Fields }) {
  const pager = data.listingPager as ListingPager | undefined;
  if (!pager || pager.pages < 2) return null;
  return (
    <nav className="pager" aria-label="Sider">
      {pager.prev ? (
        <a className="button button--ghost" href={pager.prev} rel="prev">
          Forrige side
        </a>
      ) : null}
      <span className="pager__position">{`Side ${pager.page} av ${pager.pages}`}</span>
      {pager.next ? (
        <a className="button" href={pager.next} rel="next">
          Neste side
        </a>
      ) : null}
    </nav>
  );
}
