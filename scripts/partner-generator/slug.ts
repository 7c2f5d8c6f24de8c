import slugifyLib from "@sindresorhus/slugify";

/**
 * Slugs as the platform makes them (spec 3.4): lower case, spaces to '-', colons kept,
 * Norwegian letters transliterated (æ→ae, ø→o, å→a).
 */
export function slugify(text: string): string {
  return slugifyLib(text, {
    customReplacements: [
      ["æ", "ae"],
      ["Æ", "ae"],
      ["ø", "o"],
      ["Ø", "o"],
      ["å", "a"],
      ["Å", "a"],
    ],
    preserveCharacters: [":"],
  });
}
