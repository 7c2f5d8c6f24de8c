/**
 * The flags of `npm run audit` (scripts/audit.ts), parsed before anything heavy is loaded so
 * that `--help` prints its usage and a bad flag fails with one line and exit 1, never a stack.
 */
import { parseArgs } from "node:util";

export const PAGE_TYPES = ["front", "programme", "film", "article"] as const;
export type PageType = (typeof PAGE_TYPES)[number];

export interface AuditOptions {
  /** Where 178 is built (removed afterwards unless `keep`). */
  out: string;
  /** The static host's port; 0 picks a free one. */
  port: number;
  keep: boolean;
  /** A folder for each page's Lighthouse report as JSON. */
  reports?: string;
  /** The page types to audit; all four when not given. */
  pages: PageType[];
  /** Lighthouse runs per page; the median run is printed. */
  runs: number;
}

export type AuditArgs = { help: true } | { help: false; options: AuditOptions };

/** A mistake in the flags, said in one line. */
export class AuditUsageError extends Error {}

export const AUDIT_USAGE = `Usage: npm run audit -- [options]

Builds partner 178 against the local member service, serves it like a static host and runs
Lighthouse 12 (mobile, simulated throttling) in Chromium, offline, on each page type. Prints the
median run's four scores, LCP, TBT, CLS, the page's own JS/CSS/HTML gzip bytes and the load
average (1, 5, 15 min) while it was measured.

Options:
  --out <dir>        where 178 is built (default /dev/shm/cinema-audit)
  --port <n>         the static host's port (default 0: any free port)
  --keep             keep the built site afterwards
  --reports <dir>    also write each page's Lighthouse report to <dir>/<type>.json
  --pages <list>     page types to audit, comma separated: ${PAGE_TYPES.join(", ")} (default all)
  --runs <n>         Lighthouse runs per page, the median is printed (default 3)
  -h, --help         print this help

Environment: CHROME_PATH selects the Chromium binary (default /usr/bin/chromium).
`;

const OPTIONS = {
  out: { type: "string", default: "/dev/shm/cinema-audit" },
  port: { type: "string", default: "0" },
  keep: { type: "boolean", default: false },
  reports: { type: "string" },
  pages: { type: "string" },
  runs: { type: "string", default: "3" },
  help: { type: "boolean", short: "h", default: false },
} as const;

/** Parses the audit's flags; throws AuditUsageError with one line on a bad flag or value. */
export function parseAuditArgs(argv: string[]): AuditArgs {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (error) {
    // node:util's messages add a second sentence about positionals: the first says what is wrong.
    throw new AuditUsageError((error as Error).message.split(". ")[0].replace(/\.$/, ""));
  }
  if (values.help) return { help: true };
  return {
    help: false,
    options: {
      out: values.out,
      port: integerFlag("--port", values.port, 0),
      keep: values.keep,
      reports: values.reports,
      pages: pageTypes(values.pages),
      runs: integerFlag("--runs", values.runs, 1),
    },
  };
}

function integerFlag(flag: string, text: string, min: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min)
    throw new AuditUsageError(`${flag} must be a whole number of at least ${min}, got '${text}'`);
  return value;
}

function pageTypes(list: string | undefined): PageType[] {
  if (list === undefined) return [...PAGE_TYPES];
  const names = list.split(",").filter(Boolean);
  const unknown = names.filter((name) => !(PAGE_TYPES as readonly string[]).includes(name));
  if (unknown.length > 0 || names.length === 0)
    throw new AuditUsageError(`--pages takes ${PAGE_TYPES.join(", ")}, got '${list}'`);
  return names as PageType[];
}
