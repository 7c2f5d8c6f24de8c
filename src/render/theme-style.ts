/**
 * The theme's colours (site.theme.colors) as CSS custom properties. The stylesheet is one
 * hashed file shared by every partner build, so the partner's colours come as a tiny
 * ':root' rule in the page head. Only plain colour values pass: the rule sits in a <style>
 * element, and CMS text must never be able to close it. The rule also carries the tokens
 * derived from them where the stylesheet's defaults would not read (src/render/theme-tokens.ts).
 */
import { deriveThemeTokens, type ThemeColors } from "./theme-tokens.js";

const COLOR = /^(#[0-9a-f]{3,8}|(rgb|hsl)a?\([0-9.,%\s/]+\))$/i;

export function themeStyleOf(colors: ThemeColors | undefined): string {
  if (!colors) return "";
  const safe: ThemeColors = {
    primary: safeColor(colors.primary) ?? undefined,
    background: safeColor(colors.background) ?? undefined,
    text: safeColor(colors.text) ?? undefined,
  };
  const entries: [string, string | undefined][] = [
    ["--brand", safe.primary],
    ["--bg", safe.background],
    ["--fg", safe.text],
  ];
  const declarations = entries
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `${name}:${value}`);
  if (declarations.length === 0) return "";
  for (const [name, value] of Object.entries(deriveThemeTokens(safe))) declarations.push(`${name}:${value}`);
  return `:root{${declarations.join(";")}}`;
}

export function safeColor(value: string | undefined): string | null {
  return typeof value === "string" && COLOR.test(value.trim()) ? value.trim() : null;
}
