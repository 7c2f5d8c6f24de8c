import { Command, Option } from "commander";
import { nowOption, parsePartnerId, parsePort, parseWorkers, partnerOption, partnersDirOption, sourceOption } from "./options.js";
import { reportError } from "./report-error.js";
import { runBuildCommand, runPreviewCommand } from "./commands.js";
import { apiUrlOption, registerApiCommands } from "./api-commands.js";
import { registerLintCommand } from "./lint-command.js";

const program = new Command("cinema-build")
  .description("Builds the static website of a partner cinema on the cinema platform.")
  .showHelpAfterError()
  .exitOverride();


program
  .command("build", { isDefault: true })
  .description("build the site of a partner into output/<partner> (the default command)")
  .addOption(partnerOption())
  .addOption(partnersDirOption())
  .option("--out <dir>", "output folder (default: output/<partner>)")
  .addOption(sourceOption())
  .addOption(apiUrlOption())
  .addOption(nowOption())
  .option("--sw-kill-switch", "emit a self-unregistering sw.js instead of the service worker", false)
  .addOption(new Option("--workers <n>", "render threads (default: chosen by the number of routes, see docs/performance.md)").argParser(parseWorkers))
  .option("--no-cache", "render every page; neither read nor update the build cache beside the output (<out>.cache)")
  .action(runBuildCommand);

program
  .command("preview")
  .description("serve a built site on localhost like a static host")
  .addOption(new Option("--partner <id>", "partner whose output/<partner> to serve").argParser(parsePartnerId))
  .option("--out <dir>", "the built site folder (default: output/<partner>)")
  .addOption(new Option("--port <n>", "port on 127.0.0.1").argParser(parsePort).default(4178))
  .action(runPreviewCommand);

registerApiCommands(program);

registerLintCommand(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  const code = (error as { code?: string }).code;
  if (typeof code === "string" && code.startsWith("commander.")) {
    // commander has printed its message (or the help) already.
    process.exitCode = code === "commander.helpDisplayed" || code === "commander.version" ? 0 : 2;
  } else {
    process.exitCode = reportError(error);
  }
}
