/**
 * The one layout (spec 2.1): header, the page grid in <main>, footer. The footer is passed
 * in already rendered (it is the same on every page).
 */
import type { GridProps } from "../grid/grid.js";
import { Grid } from "../grid/grid.js";
import { useRender } from "../context.js";
import { Header } from "./header.js";

export function PageHeaderFooter({ grid }: { grid: GridProps }) {
  const { page } = useRender();
  return (
    <>
      <a className="skip-link" href="#innhold">
        Hopp til hovedinnholdet
      </a>
      <Header />
      <main id="innhold" tabIndex={-1}>
        {grid.headingBlockId === null ? <h1 className="visually-hidden">{page.hiddenHeading}</h1> : null}
        <Grid {...grid} />
      </main>
    </>
  );
}
