/**
 * The dev loop's side of the build session (src/session/build-session.ts), as the rebuild
 * worker runs it: one session for the worker's life, created on the first build request;
 * each request answered with an outcome (the text the terminal prints and the overlay shows
 * for a failure), and a rebuild's follow-up (search index, links, lint) with a second message.
 */
import type { BuildOptions } from "../build.js";
import { reportError } from "../errors/report-error.js";
import { createBuildSession, type BuildSession, type PassReport } from "../session/build-session.js";
import type { FollowUpReport } from "../session/follow-up.js";

/** Build options that cross into the worker (plain data). */
export type DevBuildOptions = Pick<
  BuildOptions,
  "partner" | "partnersDir" | "source" | "apiUrl" | "memberUrl" | "now" | "env"
> & { out: string };

export interface RebuildSummary {
  mode: PassReport["mode"];
  routes: number;
  /** Routes whose inputs did not change, and the paths of those rendered anew. */
  reused: number;
  rendered: string[];
  /** Files written (their bytes changed) and deleted. */
  written: string[];
  removed: string[];
  /** Time inside the session, from the request to the last file written, and per stage. */
  sessionMs: number;
  timings: PassReport["timings"];
  warnings: string[];
}

export type RebuildOutcome = { ok: true; summary: RebuildSummary } | { ok: false; message: string };

export interface FollowUpOutcome {
  ms: number;
  search: FollowUpReport["search"];
  pages: string[];
  written: string[];
  links: { pages: number; checked: number; broken: string[] } | null;
  lint: string | null;
  failure: string | null;
  stale: boolean;
}

export type RebuildRequest =
  { id: number; kind: "build"; options: DevBuildOptions } | { id: number; kind: "stylesheet" | "bundles" | "idle" };

/** 'idle' answers an 'idle' request once every follow-up has been posted (before the worker is stopped). */
export type RebuildMessage =
  | { id: number; kind: "outcome"; outcome: RebuildOutcome }
  | { id: number; kind: "follow-up"; followUp: FollowUpOutcome }
  | { id: number; kind: "idle" };

export interface RebuildHost {
  handle(request: RebuildRequest): Promise<void>;
  /** Resolves when the last rebuild's follow-up has been posted (close waits for it). */
  idle(): Promise<void>;
}

/** Answers requests in order (the session runs them one at a time); `post` sends each message. */
export function createRebuildHost(post: (message: RebuildMessage) => void): RebuildHost {
  let session: BuildSession | null = null;
  let following: Promise<void> = Promise.resolve();
  const handle = async (request: RebuildRequest) => {
    if (request.kind === "idle") return following.then(() => post({ id: request.id, kind: "idle" }));
    try {
      if (request.kind === "build") session ??= createBuildSession(request.options);
      if (!session) throw new Error("the site has not been built yet");
      const rebuilt =
        request.kind === "build"
          ? await session.rebuild()
          : request.kind === "stylesheet"
            ? await session.replaceStylesheet()
            : await session.rebundle();
      post({ id: request.id, kind: "outcome", outcome: { ok: true, summary: summarise(rebuilt.report) } });
      const posted = rebuilt.followUp.then((report) =>
        post({ id: request.id, kind: "follow-up", followUp: describeFollowUp(report) }),
      );
      following = Promise.all([following, posted]).then(() => undefined);
    } catch (error) {
      post({ id: request.id, kind: "outcome", outcome: { ok: false, message: formatFailure(error) } });
    }
  };
  return { handle, idle: () => following };
}

function summarise(report: PassReport): RebuildSummary {
  return {
    mode: report.mode,
    routes: report.routes,
    reused: report.reused,
    rendered: report.rendered,
    written: report.written,
    removed: report.removed,
    sessionMs: report.ms,
    timings: report.timings,
    warnings: report.warnings,
  };
}

function describeFollowUp(report: FollowUpReport): FollowUpOutcome {
  const links = report.links
    ? {
        pages: report.links.pages,
        checked: report.links.checked,
        broken: report.links.broken.map((link) => `${link.page}: ${link.url} (${link.reason})`),
      }
    : null;
  return {
    ms: report.ms,
    search: report.search,
    pages: report.pages,
    written: report.written,
    links,
    lint: report.lint,
    failure: report.failure === null ? null : formatFailure(report.failure),
    stale: report.stale,
  };
}

/** The same text `cinema-build build` prints for the failure. */
function formatFailure(error: unknown): string {
  let text = "";
  reportError(error, { write: (chunk: string) => ((text += chunk), true) } as unknown as NodeJS.WritableStream);
  return text.trim();
}
