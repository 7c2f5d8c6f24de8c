/**
 * Generates a partner snapshot: `npx tsx scripts/generate-partner.ts [--partner 178]
 * [--out partners] [--films 90] [--culture 40] [--articles 40] [--seed N] [--captured-at ISO] [--film-only]`.
 * See docs/generator.md.
 */
import { parseArgs } from "node:util";
import { DEFAULT_OPTIONS, generateSnapshot } from "./partner-generator/generate.js";

const { values } = parseArgs({
  options: {
    partner: { type: "string" },
    out: { type: "string", default: "partners" },
    films: { type: "string" },
    culture: { type: "string" },
    articles: { type: "string" },
    seed: { type: "string" },
    "captured-at": { type: "string" },
    "film-only": { type: "boolean", default: false },
  },
});
const num = (value: string | undefined, fallback: number) => (value === undefined ? fallback : Number(value));
const partner = num(values.partner, DEFAULT_OPTIONS.partner);
const counts = await generateSnapshot({
  partner,
  out: values.out!,
  films: num(values.films, DEFAULT_OPTIONS.films),
  culture: num(values.culture, DEFAULT_OPTIONS.culture),
  articles: num(values.articles, DEFAULT_OPTIONS.articles),
  seed: num(values.seed, partner === DEFAULT_OPTIONS.partner ? DEFAULT_OPTIONS.seed : partner),
  capturedAt: values["captured-at"] ?? DEFAULT_OPTIONS.capturedAt,
  filmOnly: values["film-only"],
});
console.log(
  `partner ${partner}: ${Object.entries(counts)
    .map(([k, v]) => `${v} ${k}`)
    .join(", ")}`,
);
