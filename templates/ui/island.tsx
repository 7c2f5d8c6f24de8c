/**
 * The server side of an island (docs/islands.md): the component rendered on its own with
 * renderToString (as the browser's hydrateRoot will see it: its own root, its own
 * identifierPrefix), inside a marker that names its kind, bundle, props and strategy. The
 * browser runtime (client/islands-runtime.ts) hydrates it; without JavaScript, or if the
 * bundle fails, the server HTML stays.
 */
import { createElement, useId, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { ISLAND_ATTRIBUTES as A, type IslandWhen } from "../../client/island-contract.js";
import { useRender } from "../context.js";
import { ISLANDS, type IslandKind, type IslandPropsByKind } from "../islands/index.js";

export interface IslandProps<K extends IslandKind> {
  kind: K;
  props: IslandPropsByKind[K];
  /** Hydration strategy; default 'load'. */
  when?: IslandWhen;
  /** The marker element; default 'div'. */
  as?: "div" | "section" | "span";
  className?: string;
}

export function Island<K extends IslandKind>({ kind, props, when = "load", as = "div", className }: IslandProps<K>) {
  const { site } = useRender();
  const identifierPrefix = useId();
  const src = site.islands[kind];
  if (!src) throw new Error(`internal: no bundle for island '${kind}' (client/islands/${kind}.tsx)`);
  const html = renderToString(createElement(ISLANDS[kind] as ComponentType<IslandPropsByKind[K]>, props), { identifierPrefix });
  return createElement(as, {
    className,
    [A.kind]: kind,
    [A.src]: src,
    [A.props]: JSON.stringify(props),
    [A.id]: identifierPrefix,
    [A.when]: when === "load" ? undefined : when,
    dangerouslySetInnerHTML: { __html: html },
  });
}
