/**
 * What every browser test needs (docs: the brief's flags that work on these machines): Debian's
 * Chromium, the flags it runs with here, and axe-core's source to evaluate in a page (the
 * pages' CSP allows no inline script, so it is evaluated, not injected).
 *
 * A browser suite never skips itself silently: without Chromium it fails with one line that
 * names the fix, unless the run opts out with CINEMA_SKIP_BROWSER_TESTS=1, and then every
 * browser suite is reported as skipped under a name that says why (README, "Tests"). A green
 * run therefore means the browser tests ran, or that someone asked for them not to.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { chromium, type Browser, type BrowserServer, type Page } from "playwright-core";
import { describe, inject } from "vitest";

/** The opt-out: set to 1, every browser suite is skipped (and reported as skipped). */
export const SKIP_ENV = "CINEMA_SKIP_BROWSER_TESTS";
/** Overrides the browser's path (the test of the missing-browser failure points it at nothing). */
export const PATH_ENV = "CINEMA_CHROMIUM_PATH";

/**
 * Debian's chromium-headless-shell where it is installed, else its chromium. The shell is the
 * same Chromium release built for headless use only (Chromium's "old headless", which
 * Playwright itself runs headless tests in); here it uses about half the CPU per page and per
 * tab (docs/performance.md, "What the test suite spends"), on a suite that is CPU-bound.
 */
const DEBIAN_BROWSERS = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];
export const CHROMIUM = process.env[PATH_ENV] || DEBIAN_BROWSERS.find((file) => existsSync(file)) || DEBIAN_BROWSERS[0];
export const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // Every host name but 127.0.0.1, where the servers under test listen, fails in the resolver:
  // the member service, the ticket site, the image CDN and third-party scripts fail at once, as
  // on a machine without internet. A test need not refuse them with a request handler: any
  // Playwright route pauses every request of the context for the test process and turns the
  // browser's cache off (crNetworkManager's Fetch.enable and Network.setCacheDisabled), which
  // cost CPU on each page load (docs/performance.md "What the test suite spends").
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
];
export const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** True when the run opted out of the browser suites. */
export const SKIP_BROWSER_TESTS = process.env[SKIP_ENV] === "1";

/** The one line a run without its browser fails with. */
export function missingChromiumMessage(chromiumPath = CHROMIUM): string {
  return `Chromium not found at ${chromiumPath}: apt-get install chromium-headless-shell (or chromium), or set ${SKIP_ENV}=1 to skip the browser suites`;
}

/** The missing-browser error, without a stack: the message is the whole story and the fix. */
function missingChromium(): Error {
  const error = new Error(missingChromiumMessage());
  error.stack = `Error: ${error.message}`;
  return error;
}

/**
 * A suite that needs Chromium. Without the browser the file fails while it is collected, before
 * any hook builds a site for nothing; with the opt-out the suite is skipped under a name that
 * says so.
 */
export function describeBrowser(name: string, body: () => void): void {
  if (SKIP_BROWSER_TESTS) {
    describe.skip(`${name} (skipped: ${SKIP_ENV}=1)`, body);
    return;
  }
  if (!existsSync(CHROMIUM)) throw missingChromium();
  describe(name, body);
}

/**
 * Chromium with the flags above (and any extra ones), or the one line that names the fix. With
 * no extra flags, inside the integration project, it is the run's one browser
 * (tests/setup/shared-builds.ts): a file connects to it instead of starting its own, which
 * cost 1–5 s a file at load 7 on 2026-11-27. Each test still opens its own contexts, and
 * `close()` on a connected browser closes only the contexts this file opened and disconnects
 * (Playwright's Browser.close).
 */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw missingChromium();
  const shared = extraArgs.length === 0 ? sharedBrowserEndpoint() : undefined;
  if (shared) return chromium.connect(shared);
  return chromium.launch({ executablePath: CHROMIUM, args: [...ARGS, ...extraArgs] });
}

/** One Chromium for every browser file of a run (the integration project's global setup), when the run has one. */
export async function startBrowserServer(): Promise<BrowserServer | undefined> {
  if (SKIP_BROWSER_TESTS || !existsSync(CHROMIUM)) return undefined;
  return chromium.launchServer({ executablePath: CHROMIUM, args: ARGS });
}

/** The run's browser server, when the global setup started one (vitest's inject; undefined elsewhere). */
function sharedBrowserEndpoint(): string | undefined {
  try {
    return inject("chromiumEndpoint");
  } catch {
    return undefined; // not inside a vitest test file (a script), or a project without that setup
  }
}

interface AxeResult {
  violations: {
    id: string;
    impact?: string;
    nodes: { target: string[]; any: { data?: { contrastRatio?: number } }[] }[];
  }[];
}

/**
 * axe-core's violations on the page as it is now, one line each: impact, rule and the first
 * nodes. axe-core is evaluated through DevTools, not injected as a <script>: the pages' CSP
 * allows no inline script. `resultTypes: ["violations"]` has axe aggregate only what is
 * asserted (axe-core's API docs, "resultTypes": passes and incomplete results are the bulk
 * of the work on a long page); every rule still runs. `iframes: false`: the pages' only frames
 * are third-party video embeds (YouTube), unreachable here and not ours to audit; axe would
 * otherwise post a message into each frame's error page, which Chromium's headless shell logs
 * as a console warning. `rules` narrows the run to some rules.
 */
export async function axeViolations(tab: Page, rules?: string[]): Promise<string[]> {
  await tab.evaluate(AXE);
  return tab.evaluate(async (runOnly) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResult> } }).axe;
    const result = await axe.run(document, {
      resultTypes: ["violations"],
      iframes: false,
      ...(runOnly ? { runOnly } : {}),
    });
    return result.violations.map(
      (v) =>
        `${v.impact ?? ""} ${v.id}: ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(" ")}${n.any[0]?.data?.contrastRatio ? ` ${n.any[0].data.contrastRatio}` : ""}`)
          .join(" | ")}`,
    );
  }, rules);
}
