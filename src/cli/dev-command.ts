/** `cinema-build dev` (docs/dev.md): flags -> startDev; Ctrl-C stops the watcher and the servers. */
import { spawn } from "node:child_process";
import { Command, Option } from "commander";
import { startApiServer } from "../api-server/index.js";
import { startMemberServer } from "../member-server/index.js";
import { BuildError } from "../errors/index.js";
import { exitOnSignals } from "../emit/interrupt.js";
import { DevStartError, startDev } from "../dev/index.js";
import { apiUrlOption } from "./api-commands.js";
import { nowOption, parsePort, partnerOption, partnersDirOption, sourceOption } from "./options.js";

interface DevFlags {
  partner: string;
  partnersDir: string;
  out?: string;
  source: "snapshot" | "api";
  apiUrl?: string;
  now?: string;
  port: number;
  open: boolean;
  withServices: boolean;
}

export function registerDevCommand(program: Command): void {
  program
    .command("dev")
    .description("build, serve on localhost and rebuild on every save (content, templates, client code, styles)")
    .addOption(partnerOption())
    .addOption(partnersDirOption())
    .option("--out <dir>", "where the dev build goes (default: output/<partner>-dev)")
    .addOption(sourceOption())
    .addOption(apiUrlOption())
    .addOption(nowOption())
    .addOption(new Option("--port <n>", "port on 127.0.0.1").argParser(parsePort).default(4179))
    .option("--open", "open the site in the default browser", false)
    .option(
      "--with-services",
      "also start the local API server (live seat counts) and the local member service (member screens), and point the site at them",
      false,
    )
    .action(runDevCommand);
}

async function runDevCommand(flags: DevFlags): Promise<void> {
  const services = flags.withServices ? await startServices(flags) : null;
  let session;
  // Until the first build is served, Ctrl-C or kill stops it cleanly (exit 130 / 143); then it stops the servers.
  const release = exitOnSignals();
  try {
    session = await startDev({
      ...flags,
      apiUrl: flags.apiUrl ?? services?.api.url,
      memberUrl: services?.member.url,
    }).finally(release);
  } catch (error) {
    await services?.close();
    if (error instanceof DevStartError)
      throw new BuildError(
        "the first build failed; fix the error above and run dev again",
        { partner: flags.partner },
        { code: "E_DEV_FIRST_BUILD" },
      );
    throw error;
  }
  process.stdout.write(`Serving ${flags.partner} on ${session.url}, watching for changes (Ctrl-C to stop)\n`);
  if (flags.open) openBrowser(session.url);
  await new Promise<void>((resolve) => {
    process.once("SIGINT", () => resolve());
    process.once("SIGTERM", () => resolve());
  });
  await session.close();
  await services?.close();
}

/**
 * `--with-services`: the local API server (the pages read live seat counts from its
 * basic_events) and the local member service (login, tickets, watch list), both on free
 * loopback ports, so every feature works on one machine with no credentials.
 */
async function startServices(flags: DevFlags) {
  const api = await startApiServer({
    partner: flags.partner,
    partnersDir: flags.partnersDir,
    port: 0,
    env: process.env,
  });
  const member = await startMemberServer({ partner: flags.partner, partnersDir: flags.partnersDir, port: 0 });
  process.stdout.write(
    `API server (public data, basic_events) on ${api.url}\nMember service on ${member.url} (log in as kari@example.no / popcorn123)\n`,
  );
  return { api, member, close: async () => void (await Promise.all([api.close(), member.close()])) };
}

/** Best effort: the platform's opener; a machine without one just keeps the printed URL. */
function openBrowser(url: string): void {
  const command = process.platform === "darwin" ? "open" : process.platform === "win32" ? "explorer" : "xdg-open";
  const child = spawn(command, [url], { stdio: "ignore", detached: true });
  child.on("error", () => process.stdout.write(`(could not start a browser: open ${url} yourself)\n`));
  child.unref();
}
