/**
 * The generator's command line (docs/generator.md): `--help` prints the usage, and a mistyped
 * option or a count that is not a whole number is one line naming it, not a stack trace.
 */
import { parseArgs } from "node:util";
import { DEFAULT_OPTIONS, type GenerateOptions } from "./generate.js";

export const USAGE = `Usage: npx tsx scripts/generate-partner.ts [options]

Writes a partner's content snapshot to <out>/<partner>/snapshot (docs/generator.md).

  --partner <id>       partner id (default ${DEFAULT_OPTIONS.partner})
  --out <dir>          the partners folder (default partners)
  --films <n>          films (default ${DEFAULT_OPTIONS.films})
  --culture <n>        culture events (default ${DEFAULT_OPTIONS.culture})
  --articles <n>       articles (default ${DEFAULT_OPTIONS.articles})
  --seed <n>           the random seed (default: 178 for partner 178, else the partner id)
  --captured-at <iso>  the snapshot's capture time (default ${DEFAULT_OPTIONS.capturedAt})
  --film-only          the film-only twin: the film page template alone (docs/performance.md)
  --help               this text`;

export type GeneratorArgs = { help: true } | { help: false; options: GenerateOptions } | { error: string };

const COUNTS = ["partner", "films", "culture", "articles", "seed"] as const;

export function parseGeneratorArgs(argv: string[]): GeneratorArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        partner: { type: "string" },
        out: { type: "string", default: "partners" },
        films: { type: "string" },
        culture: { type: "string" },
        articles: { type: "string" },
        seed: { type: "string" },
        "captured-at": { type: "string" },
        "film-only": { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
    }));
  } catch (error) {
    return { error: (error as Error).message };
  }
  if (values.help) return { help: true };
  for (const name of COUNTS) {
    const value = values[name];
    if (value !== undefined && !/^\d+$/.test(value))
      return { error: `--${name} must be a whole number, not '${value}'` };
  }
  const num = (value: string | undefined, fallback: number) => (value === undefined ? fallback : Number(value));
  const partner = num(values.partner, DEFAULT_OPTIONS.partner);
  return {
    help: false,
    options: {
      partner,
      out: values.out!,
      films: num(values.films, DEFAULT_OPTIONS.films),
      culture: num(values.culture, DEFAULT_OPTIONS.culture),
      articles: num(values.articles, DEFAULT_OPTIONS.articles),
      seed: num(values.seed, partner === DEFAULT_OPTIONS.partner ? DEFAULT_OPTIONS.seed : partner),
      capturedAt: values["captured-at"] ?? DEFAULT_OPTIONS.capturedAt,
      filmOnly: values["film-only"],
    },
  };
}
