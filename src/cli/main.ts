import { Command, Option } from "commander";
import { DEFAULT_HOST, HOST_NAMES } from "../hosts/host-profile.js";
import { didYouMean } from "../errors/did-you-mean.js";
import { DEFAULT_MIN_SHARE } from "../emit/shrink-guard.js";
import { toolVersion } from "../emit/output-marker.js";
import {
  nowOption,
  parsePartnerId,
  parsePartnerIds,
  parsePort,
  parseShare,
  parseWorkers,
  partnersDirOption,
  sourceOption,
} from "./options.js";
import { reportError } from "../errors/report-error.js";
import { runBuildCommand, runPreviewCommand } from "./commands.js";
import { registerPartnersCommand } from "./partners-commands.js";
import { apiUrlOption, registerApiCommands } from "./api-commands.js";
import { registerLintCommand } from "./lint-command.js";
import { registerDevCommand } from "./dev-command.js";
import { MEMBER_SERVER_PORT, memberUrlOption, registerMemberCommands } from "./member-commands.js";

const program = new Command("cinema-build")
  .description("Builds the static website of a partner cinema on the cinema platform.")
  .version(toolVersion(), "-V, --version", "print cinema-build's version")
  .showHelpAfterError("(run 'cinema-build --help' or 'cinema-build <command> --help' for usage)")
  .showSuggestionAfterError(true)
  .exitOverride();

/** The build's --api-url is also where the pages' programme reads live seat counts (basic_events). */
function buildApiUrlOption() {
  const option = apiUrlOption();
  option.description =
    "one base URL for the public API, the management API and the token endpoint (the local API server); the built pages read live seat counts from its sites/{site}/basic_events, with --source snapshot too";
  return option;
}

function hostOption(description: string): Option {
  return new Option("--host <host>", description).choices(HOST_NAMES);
}

program
  .command("build", { isDefault: true })
  .description("build the site of a partner into output/<partner> (the default command)")
  .addOption(
    new Option("--partner <id>", "partner (tenant) id, e.g. 178; several in one process: 178,118")
      .argParser(parsePartnerIds)
      .conflicts("all"),
  )
  .option("--all", "build every partner of --partners-dir in one process", false)
  .addOption(partnersDirOption())
  .option("--out <dir>", "output folder (default: output/<partner>; several partners: <dir>/<partner>)")
  .addOption(sourceOption())
  .addOption(buildApiUrlOption())
  .addOption(memberUrlOption())
  .addOption(nowOption())
  .option(
    "--live-clock",
    "snapshot builds: the programme islands follow the visitor's clock, not the reference time plus the time since load",
    false,
  )
  .option("--force", "replace --out even when it is a file or a folder cinema-build did not write", false)
  .option(
    "--allow-shrink",
    "write even when the new site is far smaller than the previous build (no pages, no films, or below --min-share)",
    false,
  )
  .addOption(
    new Option("--min-share <share>", "share of the previous build's routes a build must keep, 0–1")
      .argParser(parseShare)
      .default(DEFAULT_MIN_SHARE),
  )
  .option("--sw-kill-switch", "emit a self-unregistering sw.js instead of the service worker", false)
  .addOption(
    new Option(
      "--workers <n>",
      "render threads (default: chosen by the number of routes, see docs/performance.md)",
    ).argParser(parseWorkers),
  )
  .option("--no-cache", "render every page; neither read nor update the build cache beside the output (<out>.cache)")
  .option(
    "--strict",
    "for CI: exit 1 when the build's own link check finds broken internal links (the site is still written; do not deploy it)",
    false,
  )
  .addOption(
    hostOption(
      `the static host the site is for: page file names, redirects and headers as it reads them (default: ${DEFAULT_HOST}; README "Deployment")`,
    ).default(DEFAULT_HOST),
  )
  // --partner or --all: one of them, as commander says of a missing mandatory option (exit 1).
  .hook("preAction", (command) => {
    const { partner, all } = command.opts<{ partner?: string; all: boolean }>();
    if (!partner && !all)
      command.error("error: required option '--partner <id>' or '--all' not specified", {
        code: "commander.missingMandatoryOptionValue",
      });
  })
  .action(runBuildCommand);

program
  .command("preview")
  .description("serve a built site on localhost like a static host")
  .addOption(new Option("--partner <id>", "partner whose output/<partner> to serve").argParser(parsePartnerId))
  .option("--out <dir>", "the built site folder (default: output/<partner>)")
  .addOption(new Option("--port <n>", "port on 127.0.0.1").argParser(parsePort).default(4178))
  .option(
    "--with-member-server",
    "also start the local member server (needs --partner; build with --member-url to use it)",
    false,
  )
  .addOption(
    new Option("--member-port <n>", "port of the member server").argParser(parsePort).default(MEMBER_SERVER_PORT),
  )
  .addOption(partnersDirOption())
  .addOption(
    hostOption(
      "serve like that host: its trailing-slash rules, redirect rules and header rules (default: the host the folder was built for)",
    ),
  )
  .action(runPreviewCommand);

registerPartnersCommand(program);

registerMemberCommands(program);

registerApiCommands(program);

registerLintCommand(program);

registerDevCommand(program);

try {
  checkCommandName(program, process.argv.slice(2));
  await program.parseAsync(process.argv);
} catch (error) {
  const code = (error as { code?: string }).code;
  if (typeof code === "string" && code.startsWith("commander.")) {
    // commander has printed its message (or the help) already. A mistyped flag or command is
    // the user's error like any other: exit 1 (README), never commander's own 1/2 mix.
    process.exitCode =
      code === "commander.helpDisplayed" || code === "commander.version" || code === "commander.help" ? 0 : 1;
  } else {
    process.exitCode = reportError(error);
  }
}

/**
 * 'build' is the default command, so commander would hand a mistyped command ('biuld') to it
 * as a stray argument. A first word that is not a command is reported as an unknown command
 * with a suggestion, exit 1.
 */
function checkCommandName(root: Command, args: string[]): void {
  const first = args[0];
  if (first === undefined || first.startsWith("-")) return;
  const names = root.commands.flatMap((command) => [command.name(), ...command.aliases()]);
  if (names.includes(first) || first === "help") return;
  const suggestion = didYouMean(first, names);
  process.stderr.write(
    `error: unknown command '${first}'${suggestion ? `\n(Did you mean ${suggestion}?)` : ""}\n(commands: ${names.join(", ")})\n`,
  );
  throw Object.assign(new Error(`unknown command '${first}'`), { code: "commander.unknownCommand" });
}
