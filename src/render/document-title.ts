/**
 * The <title> of every page: '<page title> | <city>', the form spec 2.6 gives article meta
 * titles, applied to every page so browser tabs, history and search results name the cinema
 * consistently (issue 13 item 7; docs/spec-decisions.md). A title that already ends with the
 * suffix (an article's meta title, spec 2.6) is kept exactly; an empty one is the city's alone.
 */
export function documentTitleOf(title: string, city: string): string {
  const suffix = ` | ${city}`;
  const trimmed = title.trim();
  if (trimmed === "") return city;
  return trimmed.endsWith(suffix) ? trimmed : `${trimmed}${suffix}`;
}
