// One page per film: the floor's film page (scripts/bench-floor-page.ts) rendered with renderToString.
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { FloorPage } from "../.floor/floor-page.mjs";

export const data = {
  pagination: { data: "films", size: 1, alias: "entry" },
  permalink: (data) => `/${data.entry.film.parentSlug}/index.html`,
};

export function render({ entry }) {
  return `<!DOCTYPE html>${renderToString(h(FloorPage, entry))}`;
}
