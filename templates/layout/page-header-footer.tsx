/**
 * The one layout (spec 2.1): a skip link, the header, the page grid in <main>, the footer.
 * Its parts are rendered apart (src/render/index.ts): the footer once per site, the header
 * once per menu state (it differs between pages only in the menu link marked as current),
 * <main> per page; the document places them in this order.
 */
import type { GridProps } from "../grid/grid.js";
import { Grid } from "../grid/grid.js";
import { useRender } from "../context.js";

export { Header } from "./header.js";
export { Footer } from "./footer.js";

export function SkipLink() {
  return (
    <a className="skip-link" href="#innhold">
      Hopp til hovedinnholdet
    </a>
  );
}

export function PageMain({ grid }: { grid: GridProps }) {
  const { page } = useRender();
  return (
    <main id="innhold" tabIndex={-1}>
      {grid.headingBlockId === null ? <h1 className="visually-hidden">{page.hiddenHeading}</h1> : null}
      <Grid {...grid} />
    </main>
  );
}
