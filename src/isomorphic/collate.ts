/**
 * Norwegian sort order for visible text (spec 1 and 9: content and locale are `nb`).
 * One `Intl.Collator` per order, made once: `a.localeCompare(b, "nb", …)` builds a collator
 * on every call, about 25× the cost of `compare` (docs/performance.md "178 under 1 s").
 */
const nb = new Intl.Collator("nb");
const nbNumeric = new Intl.Collator("nb", { numeric: true });

/** Titles and names as a Norwegian reader orders them (æ, ø, å after z). */
export const compareNb: (a: string, b: string) => number = nb.compare;

/** As compareNb, with runs of digits by their value ("Sal 2" before "Sal 10"). */
export const compareNbNumeric: (a: string, b: string) => number = nbNumeric.compare;
