/**
 * The server side of an island (docs/islands.md): the component rendered on its own with
 * renderToString (as the browser's hydrateRoot will see it: its own root, its own
 * identifierPrefix), inside a marker that names its kind, bundle and strategy, after a JSON
 * script with its props (src/isomorphic/island-props.ts). The browser runtime
 * (client/islands-runtime.ts) hydrates it; without JavaScript, or if the bundle fails, the
 * server HTML stays.
 */
import { createElement, Fragment, useId, type ComponentType, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { ISLAND_ATTRIBUTES as A, SHARED_PROP_KEYS, type IslandWhen } from "../../src/isomorphic/island-contract.js";
import { serializeIslandJson } from "../../src/isomorphic/island-props.js";
import { useRender, type IslandPageState } from "../context.js";
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
  const { site, islands } = useRender();
  const identifierPrefix = useId();
  const src = site.islands[kind];
  if (!src) throw new Error(`internal: no bundle for island '${kind}' (client/islands/${kind}.tsx)`);
  const html = renderToString(createElement(ISLANDS[kind] as ComponentType<IslandPropsByKind[K]>, props), {
    identifierPrefix,
  });
  const { own, sharedKeys, sharedScripts } = splitSharedProps(props as unknown as Record<string, unknown>, islands);
  return createElement(
    Fragment,
    null,
    ...sharedScripts,
    jsonScript({ [A.props]: sharedKeys.join(" ") }, serializeIslandJson(own)),
    createElement(as, {
      className,
      [A.kind]: kind,
      [A.src]: src,
      [A.id]: identifierPrefix,
      [A.when]: when === "load" ? undefined : when,
      dangerouslySetInnerHTML: { __html: html },
    }),
  );
}

/**
 * The island's own props, and the shared values it takes from the page: the first island
 * that has one writes it (in render order, so the output stays deterministic); a later
 * island with a different value keeps it in its own props.
 */
function splitSharedProps(props: Record<string, unknown>, page: IslandPageState | undefined) {
  const own: Record<string, unknown> = {};
  const sharedKeys: string[] = [];
  const sharedScripts: ReactElement[] = [];
  for (const [key, value] of Object.entries(props)) {
    if (page && value !== undefined && (SHARED_PROP_KEYS as readonly string[]).includes(key)) {
      const json = serializeIslandJson(value);
      const written = page.shared.get(key);
      if (written === undefined) {
        page.shared.set(key, json);
        sharedScripts.push(jsonScript({ [A.shared]: key, key: `shared-${key}` }, json));
      }
      if (written === undefined || written === json) {
        sharedKeys.push(key);
        continue;
      }
    }
    own[key] = value;
  }
  return { own, sharedKeys, sharedScripts };
}

/** A JSON script element; `json` is serializeIslandJson's output (safe inside <script>). */
function jsonScript(attributes: Record<string, string>, json: string): ReactElement {
  return createElement("script", {
    type: "application/json",
    ...attributes,
    dangerouslySetInnerHTML: { __html: json },
  });
}
