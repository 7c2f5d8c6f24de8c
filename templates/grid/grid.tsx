/**
 * The page grid (spec 2.2): rows, with the container flag giving a centred max-width row,
 * of 12-column columns (classes from src/render/grid.ts), each holding its blocks in order.
 */
import { AD_SLOT_KIND } from "../../src/model/components.js";
import type { PlacedColumn, PlacedRow } from "../../src/render/grid.js";
import { Block } from "./block.js";

export interface GridProps {
  rows: PlacedRow[];
  /** Block carrying the page's h1, if any. */
  headingBlockId: string | null;
  heroBlockId: string | null;
}

/**
 * A column that holds ad slots alone shows nothing until an ad fills one (templates/ui/ad-slot.tsx):
 * site.css gives its room to the row's other columns meanwhile (no empty side column, spec 2.2).
 */
function isAdsOnly(blocks: PlacedColumn["blocks"]): boolean {
  return blocks.length > 0 && blocks.every((block) => block.component === AD_SLOT_KIND);
}

export function Grid({ rows, headingBlockId, heroBlockId }: GridProps) {
  return (
    <>
      {rows.map(({ row, columns }) => {
        const cells = (
          <div className="row">
            {columns.map(({ column, className, blocks }) => (
              <div className={isAdsOnly(blocks) ? `${className} ads-only` : className} key={column.index}>
                {blocks.map((block) => (
                  <Block
                    key={block.id}
                    block={block}
                    headingLevel={block.id === headingBlockId ? 1 : 2}
                    hero={block.id === heroBlockId}
                  />
                ))}
              </div>
            ))}
          </div>
        );
        return (
          <div className={row.container ? "grid-row grid-row--container" : "grid-row grid-row--full"} key={row.index}>
            {row.container ? <div className="container">{cells}</div> : cells}
          </div>
        );
      })}
    </>
  );
}
