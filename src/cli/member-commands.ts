/**
 * `member-server`, the --member-url option of build and the member-server half of
 * `preview --with-member-server` (docs/member.md): flags -> options -> one call into member-server.
 */
import { Command, InvalidArgumentError, Option } from "commander";
import { MEMBER_ENDPOINT_KEYS } from "../model/partner-schema.js";
import { BuildError } from "../errors/index.js";
import { parseMemberFault, startMemberServer, type MemberFaults, type MemberServer } from "../member-server/index.js";
import { parseApiUrl } from "./api-commands.js";
import { partnerOption, partnersDirOption, parsePort } from "./options.js";

/** The member server's default port; `--member-url` of a local build points here. */
export const MEMBER_SERVER_PORT = 4179;

export const memberUrlOption = () =>
  new Option(
    "--member-url <url>",
    "base URL of the member service the site calls (the local member server), instead of the partner's",
  )
    .argParser(parseApiUrl)
    .env("CINEMA_MEMBER_URL");

const faultOption = () =>
  new Option(
    "--fault <endpoint=kind>",
    "make an endpoint fail, answer slowly, answer malformed JSON or answer far more than asked: tickets=fail, reviews=slow:5000, watchlist=malformed, tickets=flood:100000 (repeatable)",
  ).argParser((value: string, previous: MemberFaults = {}) => {
    try {
      const [key, fault] = parseMemberFault(value, MEMBER_ENDPOINT_KEYS);
      return { ...previous, [key]: fault };
    } catch (error) {
      throw new InvalidArgumentError((error as Error).message);
    }
  });

export function registerMemberCommands(program: Command): void {
  program
    .command("member-server")
    .description(
      "serve a local member service (login, signup, tickets, watch list, reviews) with seeded data, for a site built with --member-url",
    )
    .addOption(partnerOption("partner whose member-service configuration and films to serve"))
    .addOption(partnersDirOption())
    .addOption(new Option("--port <n>", "port on 127.0.0.1").argParser(parsePort).default(MEMBER_SERVER_PORT))
    .addOption(faultOption())
    .action(async (flags: { partner: string; partnersDir: string; port: number; fault?: MemberFaults }) => {
      const server = await startMemberServer({
        partner: flags.partner,
        partnersDir: flags.partnersDir,
        port: flags.port,
        faults: flags.fault,
      });
      process.stdout.write(`${describeMemberServer(server, flags.partner)} (Ctrl-C to stop)\n`);
      await untilStopped();
      await server.close();
    });
}

/** Starts the member server beside `preview` (preview --with-member-server). */
export async function startPreviewMemberServer(flags: {
  partner?: string;
  partnersDir: string;
  memberPort: number;
}): Promise<MemberServer> {
  if (!flags.partner)
    throw new BuildError(
      "preview --with-member-server needs --partner <id>",
      {},
      { code: "E_USAGE", hint: "e.g. cinema-build preview --partner 178 --with-member-server" },
    );
  const server = await startMemberServer({
    partner: flags.partner,
    partnersDir: flags.partnersDir,
    port: flags.memberPort,
  });
  process.stdout.write(`${describeMemberServer(server, flags.partner)}\n`);
  return server;
}

function describeMemberServer(server: MemberServer, partner: string): string {
  return (
    `Member service of partner ${partner} on ${server.url} (seeded member kari@example.no / popcorn123).\n` +
    `Build against it: cinema-build --partner ${partner} --member-url ${server.url}`
  );
}

function untilStopped(): Promise<void> {
  return new Promise<void>((resolve) => {
    process.once("SIGINT", () => resolve());
    process.once("SIGTERM", () => resolve());
  });
}
