/**
 * Builds of several partners in one process and the partner list for a CI matrix
 * (README "A platform: several partners"; docs/spec-decisions.md "Several partners in one process").
 */
import type { Command } from "commander";
import type { BuildOptions, BuildResult } from "../build.js";
import { listPartnerEntries } from "../config/index.js";
import { exitOnSignals } from "../emit/interrupt.js";
import { BuildError } from "../errors/index.js";
import { reportError } from "../errors/report-error.js";
import { buildPartners, listAllPartners } from "../recipe/build-partners.js";
import { formatPartnerLine, formatPartnersSummary } from "./build-report.js";
import { partnersDirOption } from "./options.js";

/** `--partner 178,118` or `--all`: one line per partner; exit 1 naming the failed ones (70 if one failure is a bug). */
export async function runPartnersBuild(
  partners: string | undefined,
  flags: Omit<BuildOptions, "partner" | "tools"> & { partnersDir: string; all?: boolean },
  check: (result: BuildResult) => void,
): Promise<void> {
  const started = performance.now();
  const { all: _all, ...options } = flags;
  const ids = partners ? [...new Set(partners.split(","))] : await listAllPartners(flags.partnersDir);
  let worst = 0;
  const release = exitOnSignals();
  const outcomes = await buildPartners(ids, {
    ...options,
    progress: process.stderr,
    check,
    onOutcome(outcome) {
      if (outcome.result) process.stdout.write(formatPartnerLine(outcome.result));
      else {
        process.stdout.write(`partner ${outcome.partner}: failed (the error is printed on stderr)\n`);
        worst = Math.max(worst, reportError(outcome.error));
      }
    },
  }).finally(release);
  const failed = outcomes.filter((outcome) => outcome.error !== undefined).map((outcome) => outcome.partner);
  process.stdout.write(formatPartnersSummary(outcomes.length - failed.length, failed, performance.now() - started));
  if (failed.length === 0) return;
  const code = reportError(
    new BuildError(
      `${failed.length} of ${outcomes.length} partners failed: ${failed.join(", ")}`,
      {},
      { code: "E_PARTNERS_FAILED", hint: "each one's error is printed above; the other partners were built" },
    ),
  );
  process.exitCode = Math.max(code, worst);
}

export function registerPartnersCommand(program: Command): void {
  program
    .command("partners")
    .description("list the partners of the partners folder (--json: for a CI matrix)")
    .addOption(partnersDirOption())
    .option("--json", "a JSON array of { partner, name, siteUrl }, sorted by id", false)
    .action(async (flags: { partnersDir: string; json: boolean }) => {
      const entries = await listPartnerEntries(flags.partnersDir);
      if (flags.json) process.stdout.write(`${JSON.stringify(entries)}\n`);
      else
        for (const entry of entries)
          process.stdout.write(`${entry.partner}\t${entry.name ?? "(partner.json does not load)"}\n`);
    });
}
