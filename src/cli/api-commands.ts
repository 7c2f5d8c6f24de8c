/** `snapshot` and `api-server` (docs/data-format.md, Live APIs): flags -> options -> one call into fetch / api-server. */
import { Command, InvalidArgumentError, Option } from "commander";
import {
  describeFaultForms,
  FaultSpecError,
  parseFaultSpec,
  startApiServer,
  type FaultRule,
} from "../api-server/index.js";
import { takeSnapshot } from "../fetch/index.js";
import { showPath } from "../shared/show-path.js";
import { partnerOption, partnersDirOption, parsePort } from "./options.js";

/**
 * --api-url: an http(s) URL. A URL with credentials passes here and is refused by the fetch
 * stage, whose message does not repeat the URL (commander's would).
 */
export function parseApiUrl(value: string): string | undefined {
  // An empty CINEMA_API_URL means "not set", as in most shells' `VAR= command`.
  if (value.trim() === "") return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError("expected an http(s) URL, e.g. http://127.0.0.1:4100");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new InvalidArgumentError("expected an http(s) URL, e.g. http://127.0.0.1:4100");
  return value;
}

export const apiUrlOption = () =>
  new Option(
    "--api-url <url>",
    "one base URL for the public API, the management API and the token endpoint (the local API server)",
  )
    .argParser(parseApiUrl)
    .env("CINEMA_API_URL");

export function registerApiCommands(program: Command): void {
  program
    .command("snapshot")
    .description("fetch a partner's data from the live APIs and write it in the snapshot layout")
    .addOption(partnerOption())
    .addOption(partnersDirOption())
    .option("--out <dir>", "snapshot folder (default: <partners-dir>/<partner>/snapshot)")
    .addOption(apiUrlOption())
    .action(runSnapshotCommand);

  program
    .command("api-server")
    .description("serve a partner's snapshot on localhost with the platform's API endpoints and auth")
    .addOption(partnerOption("partner whose snapshot to serve"))
    .addOption(partnersDirOption())
    .addOption(new Option("--port <n>", "port on 127.0.0.1").argParser(parsePort).default(4100))
    .addOption(
      new Option(
        "--fault <fault>",
        "inject a fault, e.g. 401-once, slow=3000, events:503x2 (repeatable; forms below)",
      ).argParser(collectFault),
    )
    .addHelpText("after", `\n${describeFaultForms()}\n\nGET / on the server lists its endpoints.`)
    .action(runApiServerCommand);
}

async function runSnapshotCommand(flags: {
  partner: string;
  partnersDir: string;
  out?: string;
  apiUrl?: string;
}): Promise<void> {
  const result = await takeSnapshot({ ...flags, env: process.env, progress: process.stderr });
  process.stdout.write(
    `partner ${flags.partner}: snapshot captured at ${result.capturedAt} in ${showPath(result.dir)} (${result.files.join(", ")})\n`,
  );
}

/** Each --fault adds one rule, in the order given (the server tries them in order). */
function collectFault(value: string, previous: FaultRule[] | undefined): FaultRule[] {
  try {
    return [...(previous ?? []), parseFaultSpec(value)];
  } catch (error) {
    if (error instanceof FaultSpecError) throw new InvalidArgumentError(error.message);
    throw error;
  }
}

async function runApiServerCommand(flags: {
  partner: string;
  partnersDir: string;
  port: number;
  fault?: FaultRule[];
}): Promise<void> {
  const plan = flags.fault ?? [];
  const server = await startApiServer({
    partner: flags.partner,
    partnersDir: flags.partnersDir,
    port: flags.port,
    env: process.env,
    faults: plan,
  });
  const faults = plan.length > 0 ? ` Faults: ${plan.map((f) => JSON.stringify(f)).join(", ")}.` : "";
  process.stdout.write(
    `Serving partner ${flags.partner}'s snapshot on ${server.url} (public API, management API, token endpoint POST /oauth/token; GET / lists them).${faults}\n` +
      `Build from it: cinema-build build --partner ${flags.partner} --source api --api-url ${server.url} (Ctrl-C to stop)\n`,
  );
  await new Promise<void>((resolve) => {
    process.once("SIGINT", () => resolve());
    process.once("SIGTERM", () => resolve());
  });
  await server.close();
}
