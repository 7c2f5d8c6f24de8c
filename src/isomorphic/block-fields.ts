/**
 * Reading resolved block data (src/model/components.ts field names). Bind fills defaults, but
 * CMS data is loosely typed and a template must not crash on a number where a string was
 * expected: each reader returns the field in the type the template needs, or a neutral value.
 */
import type { ResolvedBlock, ResolvedBlockData } from "../model/index.js";

export type Fields = Record<string, unknown>;

/** The block's data of the page's locale, else its first entry: the h1 choice and the template read the same one. */
export function blockDataOf(block: ResolvedBlock, locale: string): ResolvedBlockData | undefined {
  return block.data.find((entry) => entry.locale === locale) ?? block.data[0];
}

export function textOf(fields: Fields, name: string): string {
  const value = fields[name];
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return "";
}

export function optionalText(fields: Fields, name: string): string | null {
  const value = textOf(fields, name);
  return value === "" ? null : value;
}

export function numberOf(fields: Fields, name: string): number | null {
  const value = fields[name];
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
  return null;
}

export function booleanOf(fields: Fields, name: string, fallback: boolean): boolean {
  const value = fields[name];
  if (typeof value === "boolean") return value;
  if (value === "true") return true;
  if (value === "false") return false;
  return fallback;
}

/** A collection field: its items that are objects. */
export function itemsOf(fields: Fields, name: string): Fields[] {
  const value = fields[name];
  if (!Array.isArray(value)) return [];
  return value.filter((item): item is Fields => typeof item === "object" && item !== null && !Array.isArray(item));
}

/** A list field: its string items ('a,b' text is split, as a literal list binding would be). */
export function stringsOf(fields: Fields, name: string): string[] {
  const value = fields[name];
  if (Array.isArray(value))
    return value
      .filter((item): item is string => typeof item === "string" && item.trim() !== "")
      .map((item) => item.trim());
  if (typeof value === "string")
    return value
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean);
  return [];
}
