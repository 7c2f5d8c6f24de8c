/**
 * Generates a partner snapshot: `npx tsx scripts/generate-partner.ts [--partner 178]
 * [--out partners] [--films 90] [--culture 40] [--articles 40] [--seed N] [--captured-at ISO] [--film-only]`.
 * See docs/generator.md; `--help` lists the options.
 */
import { generateSnapshot } from "./partner-generator/generate.js";
import { parseGeneratorArgs, USAGE } from "./partner-generator/cli-args.js";

const args = parseGeneratorArgs(process.argv.slice(2));
if ("error" in args) {
  console.error(`generate-partner: ${args.error} (--help lists the options)`);
  process.exit(1);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const counts = await generateSnapshot(args.options);
console.log(
  `partner ${args.options.partner}: ${Object.entries(counts)
    .map(([k, v]) => `${v} ${k}`)
    .join(", ")}`,
);
