/**
 * The theme's colours (site.theme.colors) as CSS custom properties. The stylesheet is one
 * hashed file shared by every partner build, so the partner's colours come as a tiny
 * ':root' rule in the page head. Only plain colour values pass: the rule sits in a <style>
 * element, and CMS text must never be able to close it.
 */
const COLOR = /^(#[0-9a-f]{3,8}|(rgb|hsl)a?\([0-9.,%\s/]+\))$/i;

export function themeStyleOf(colors: { primary?: string; background?: string; text?: string } | undefined): string {
  if (!colors) return "";
  const entries: [string, string | undefined][] = [["--brand", colors.primary], ["--bg", colors.background], ["--fg", colors.text]];
  const declarations = entries.filter((entry): entry is [string, string] => typeof entry[1] === "string" && COLOR.test(entry[1].trim())).map(([name, value]) => `${name}:${value.trim()}`);
  return declarations.length === 0 ? "" : `:root{${declarations.join(";")}}`;
}

export function safeColor(value: string | undefined): string | null {
  return typeof value === "string" && COLOR.test(value.trim()) ? value.trim() : null;
}
