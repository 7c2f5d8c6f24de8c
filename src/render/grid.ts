/**
 * The page grid (spec 2.2): template rows of 12-column columns, blocks placed by their
 * row index, column index and order. Class names are the stylesheet's grid utilities.
 */
import { BuildError } from "../errors/index.js";
import type { Column, ResolvedBlock, ResolvedPage, Row } from "../model/index.js";

export interface PlacedColumn {
  column: Column;
  className: string;
  blocks: ResolvedBlock[];
}

export interface PlacedRow {
  row: Row;
  columns: PlacedColumn[];
}

const clampSpan = (span: number) => Math.min(12, Math.max(1, Math.round(span) || 12));
const clampOrder = (order: number) => Math.min(12, Math.max(0, Math.round(order) || 0));

/** Every route of a page shares its template's columns: each column's classes are made once. */
const columnClasses = new WeakMap<Column, string>();

function columnClassName(column: Column): string {
  let className = columnClasses.get(column);
  if (className === undefined) {
    className = joinColumnClasses(column);
    columnClasses.set(column, className);
  }
  return className;
}

/**
 * The column's classes. Mobile first: a md or lg class is written only where it changes what
 * the smaller size set (the grid rules of src/render/stylesheet.ts cascade upwards), and
 * order 0 is CSS's default, so a full-width column is 'col col-xs-12' (docs/performance.md: the six
 * classes of each column were written on every page).
 */
function joinColumnClasses(column: Column): string {
  const classes = ["col"];
  let span = 0;
  let order = 0;
  for (const size of ["xs", "md", "lg"] as const) {
    const sizeSpan = clampSpan(column[size].span);
    const sizeOrder = clampOrder(column[size].order);
    if (sizeSpan !== span) classes.push(`col-${size}-${sizeSpan}`);
    if (sizeOrder !== order) classes.push(`order-${size}-${sizeOrder}`);
    span = sizeSpan;
    order = sizeOrder;
  }
  return classes.join(" ");
}

/** Rows in index order, each column with its blocks in order; rows without blocks are left out. */
export function placeBlocks(page: ResolvedPage, partner: number): PlacedRow[] {
  const rows = page.template.rows.slice().sort((a, b) => a.index - b.index);
  const placed = new Set<string>();
  const result = rows.map((row) => ({
    row,
    columns: row.columns
      .slice()
      .sort((a, b) => a.index - b.index)
      .map((column) => {
        const blocks = page.blocks
          .filter((block) => block.place.row === row.index && block.place.column === column.index)
          .sort((a, b) => a.place.order - b.place.order);
        blocks.forEach((block) => placed.add(block.id));
        return { column, className: columnClassName(column), blocks };
      }),
  }));
  const lost = page.blocks.find((block) => !placed.has(block.id));
  if (lost) {
    throw new BuildError(
      `block is placed at row ${lost.place.row}, column ${lost.place.column}, which the page template does not have`,
      { partner, pagePath: page.path, blockId: lost.id, component: lost.component },
      { hint: "move the block to an existing row and column or add them to the template", code: "E_BLOCK_PLACE" },
    );
  }
  return result.filter((row) => row.columns.some((column) => column.blocks.length > 0));
}

/** Blocks in reading order (row, then column, then order): decides the hero image and the h1. */
export function blocksInReadingOrder(rows: PlacedRow[]): ResolvedBlock[] {
  return rows.flatMap((row) => row.columns.flatMap((column) => column.blocks));
}
