/**
 * The <title> of a page is its resolved meta title, exactly (spec 2.3, 2.6): /kommende reads
 * 'Kommende filmer', a film page its production's title, and only the article page, whose meta
 * title binding is '{@title} | {city}', carries the city. Nothing is appended here. A page whose
 * meta title resolves empty (its CMS title empty too) is named after the cinema, so a browser
 * tab never shows the bare URL (docs/spec-decisions.md "Page titles").
 */
export function documentTitleOf(metaTitle: string, siteName: string): string {
  const trimmed = metaTitle.trim();
  return trimmed === "" ? siteName : trimmed;
}
