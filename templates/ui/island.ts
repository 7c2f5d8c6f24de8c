/**
 * Island markers (docs/rendering.md "Islands"): the client finds `[data-island]` elements,
 * reads the JSON in data-island-props and hydrates or enhances the server HTML inside.
 */
export type IslandName = "availability" | "carousel" | "modal" | "search" | "my-page" | "movie-info" | "reviews" | "ad";

export function islandAttributes(name: IslandName, props: Record<string, unknown>): Record<string, string> {
  return { "data-island": name, "data-island-props": JSON.stringify(props) };
}
