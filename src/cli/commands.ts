/** Command actions: flags -> options -> one call into the programmatic API, then the report. */
import { existsSync } from "node:fs";
import { detectHost } from "../dev/host-emulation.js";
import type { HostName } from "../hosts/host-profile.js";
import path from "node:path";
import { BuildError } from "../errors/index.js";
import { exitOnSignals } from "../emit/interrupt.js";
import type { BuildResult } from "../build.js";
import { build, preview } from "../index.js";
import { formatBuildReport } from "./build-report.js";
import { startPreviewMemberServer } from "./member-commands.js";
import { runPartnersBuild } from "./partners-commands.js";

export async function runBuildCommand(flags: {
  partner?: string;
  all?: boolean;
  partnersDir: string;
  out?: string;
  source: "snapshot" | "api";
  memberUrl?: string;
  now?: string;
  liveClock?: boolean;
  apiUrl?: string;
  swKillSwitch: boolean;
  workers?: number;
  force: boolean;
  allowShrink: boolean;
  minShare: number;
  cache: boolean;
  strict?: boolean;
  host?: HostName;
}): Promise<void> {
  const check = (result: BuildResult) => flags.strict && failOnBrokenLinks(result);
  if (flags.all || flags.partner?.includes(",")) return runPartnersBuild(flags.partner, flags, check);
  if (!flags.partner) throw new Error("internal: build without --partner or --all"); // refused by its preAction hook (main.ts)
  // Ctrl-C or kill while it runs removes what this build made and exits 130 / 143 (src/emit/interrupt.ts).
  const release = exitOnSignals();
  const result = await build({
    ...flags,
    partner: flags.partner,
    progress: process.stderr,
    onWarning: (message) => process.stderr.write(`warning: ${message}\n`),
  }).finally(release);
  process.stdout.write(formatBuildReport(result));
  check(result);
}

/** --strict (CI): broken internal links fail the build, exit 1, after the report has listed them. */
export function failOnBrokenLinks(result: Pick<BuildResult, "partner" | "links">): void {
  const n = result.links.broken.length;
  if (n === 0) return;
  throw new BuildError(
    `--strict: ${n} broken internal link${n === 1 ? "" : "s"}, the first on ${result.links.broken[0].page}: ${result.links.broken[0].url}`,
    { partner: result.partner },
    {
      code: "E_BROKEN_LINKS",
      hint: "the site was written but should not be deployed; fix the links in the CMS ('cinema-build lint' names page, block and field), or build without --strict",
    },
  );
}

export async function runPreviewCommand(flags: {
  partner?: string;
  out?: string;
  port: number;
  withMemberServer: boolean;
  memberPort: number;
  partnersDir: string;
  host?: HostName;
}): Promise<void> {
  if (!flags.out && !flags.partner)
    throw new BuildError(
      "preview needs --partner <id> or --out <dir>",
      {},
      { code: "E_USAGE", hint: "e.g. cinema-build preview --partner 178" },
    );
  const root = path.resolve(flags.out ?? path.join("output", String(flags.partner)));
  const shown = path.relative(process.cwd(), root) || root;
  if (!existsSync(path.join(root, "index.html"))) {
    throw new BuildError(
      `no built site in ${shown}`,
      { partner: flags.partner },
      {
        code: "E_NO_SITE",
        hint: flags.partner
          ? `run 'cinema-build --partner ${flags.partner}' first`
          : "build the site into that folder first",
      },
    );
  }
  const member = flags.withMemberServer ? await startPreviewMemberServer(flags) : null;
  const host = flags.host ?? (await detectHost(root));
  const server = await preview({ root, port: flags.port, hostProfile: host });
  process.stdout.write(`Serving ${shown} on ${server.url} as --host ${host} serves it (Ctrl-C to stop)\n`);
  await new Promise<void>((resolve) => {
    process.once("SIGINT", () => resolve());
    process.once("SIGTERM", () => resolve());
  });
  await server.close();
  await member?.close();
}
