/**
 * The theme menu (spec 3.2, 2.7) as ordered trees per place: items name their parent by id,
 * '' is the top level. Items of another locale are left out; an item whose parent does not
 * exist is shown at the top level rather than lost.
 */
import type { MenuItem } from "../model/site.js";

export interface MenuNode {
  id: string;
  label: string;
  /** '' for a group heading without a page of its own. */
  path: string;
  openInNewWindow: boolean;
  children: MenuNode[];
}

export function buildMenuTree(items: readonly MenuItem[], place: "header" | "footer", locale: string): MenuNode[] {
  const own = items.filter((item) => item.place === place && (item.locale === locale || item.locale === ""));
  const ids = new Set(own.map((item) => item.id));
  const byParent = new Map<string, MenuItem[]>();
  for (const item of own) {
    const parent = item.parent !== "" && ids.has(item.parent) && item.parent !== item.id ? item.parent : "";
    byParent.set(parent, [...(byParent.get(parent) ?? []), item]);
  }
  const visited = new Set<string>();
  const build = (parent: string): MenuNode[] =>
    (byParent.get(parent) ?? [])
      .slice()
      .sort((a, b) => a.order - b.order || (a.id < b.id ? -1 : 1))
      .filter((item) => !visited.has(item.id) && visited.add(item.id))
      .map((item) => ({
        id: item.id,
        label: item.label,
        path: item.path,
        openInNewWindow: item.openInNewWindow,
        children: build(item.id),
      }));
  return build("");
}
