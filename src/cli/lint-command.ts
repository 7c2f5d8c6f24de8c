/** `cinema-build lint`: flags -> lintPartner -> findings on stdout; exit code 1 on any error. */
import { Command, Option } from "commander";
import { DEFAULT_HOST, HOST_NAMES, type HostName } from "../hosts/host-profile.js";
import { formatFindingsJson, formatFindingsText, lintPartner } from "../lint/index.js";
import { apiUrlOption } from "./api-commands.js";
import { nowOption, partnerOption, partnersDirOption, sourceOption } from "./options.js";

export function registerLintCommand(program: Command): void {
  program
    .command("lint")
    .description("check a partner's pages, sources, bindings, menu and redirects without building")
    .addOption(partnerOption())
    .addOption(partnersDirOption())
    .addOption(sourceOption())
    .addOption(apiUrlOption())
    .addOption(nowOption())
    .addOption(
      new Option("--format <format>", "output format (json is stable, for CI annotations)")
        .choices(["text", "json"])
        .default("text"),
    )
    .addOption(
      new Option("--host <host>", "the static host the site is built for: its limits are checked too")
        .choices(HOST_NAMES)
        .default(DEFAULT_HOST),
    )
    .action(runLintCommand);
}

async function runLintCommand(flags: {
  partner: string;
  partnersDir: string;
  format: "text" | "json";
  source: "snapshot" | "api";
  apiUrl?: string;
  now?: string;
  host: HostName;
}): Promise<void> {
  const { format, ...options } = flags;
  const result = await lintPartner(options);
  process.stdout.write(format === "json" ? formatFindingsJson(result.findings) : formatFindingsText(result.findings));
  if (result.errors > 0) process.exitCode = 1;
}
