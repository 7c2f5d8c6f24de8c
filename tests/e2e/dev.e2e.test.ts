/**
 * `cinema-build dev` in Chromium (docs/dev.md): an open page reloads after a template change, a
 * CSS change applies without a navigation, and the overlay shows a binding error with its
 * location. The dev command runs from a copy of the package (templates and styles are edited
 * there, never in this checkout), compiled as `npm install` does.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeBrowser, launchChromium } from "../helpers/chromium.js";

let root: string;
let pkg: string;
let dev: ChildProcess;
let url: string;
let output = "";
let browser: Browser;
let page: Page;

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: "ignore" });
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited ${code}`)),
    );
  });
}

async function editFile(file: string, edit: (text: string) => string): Promise<void> {
  await writeFile(file, edit(await readFile(file, "utf8")));
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "cb-dev-e2e-"));
  pkg = path.join(root, "pkg");
  for (const entry of ["src", "templates", "client", "scripts", "bin", "package.json", "tsconfig.json"])
    await cp(path.resolve(entry), path.join(pkg, entry), { recursive: true });
  await cp(path.resolve("partners/178"), path.join(pkg, "partners", "178"), { recursive: true });
  await symlink(path.resolve("node_modules"), path.join(pkg, "node_modules"), "dir");
  await run(process.execPath, ["scripts/compile.mjs"], pkg);
  dev = spawn(
    process.execPath,
    ["bin/cinema-build.js", "dev", "--partner", "178", "--port", "0", "--out", path.join(root, "out")],
    { cwd: pkg, stdio: ["ignore", "pipe", "pipe"] },
  );
  dev.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  dev.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`dev did not start:\n${output}`)), 60_000);
    dev.stdout!.on("data", () => {
      const match = /Serving 178 on (http:\/\/\S+),/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
  });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${url}/om-kinoen`);
});

afterAll(async () => {
  await browser?.close();
  dev?.kill("SIGINT");
  await new Promise((resolve) => (dev?.exitCode === null ? dev.once("exit", resolve) : resolve(undefined)));
  await rm(root, { recursive: true, force: true });
});

describeBrowser("cinema-build dev in the browser", () => {
  it("applies a CSS change without a navigation", async () => {
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same page"));
    await editFile(
      path.join(pkg, "templates/styles/site.css"),
      (css) => `${css}\nbody { outline: 7px solid rgb(1, 2, 3); }\n`,
    );
    await page.waitForFunction(() => getComputedStyle(document.body).outlineWidth === "7px", undefined, {
      timeout: 20_000,
    });
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same page");
  });

  it("reloads an open page after a template change", async () => {
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = "before reload"));
    const footer = path.join(pkg, "templates/layout/footer.tsx");
    await editFile(footer, (tsx) => tsx.replace("</footer>", '<p className="dev-marker">Endret mal</p></footer>'));
    await page.waitForSelector(".dev-marker", { timeout: 60_000 });
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBeUndefined();
  });

  it("shows a binding error with its location in an overlay, and hides it after the fix", async () => {
    const blockData = path.join(pkg, "partners/178/snapshot/block-data.json");
    const good = await readFile(blockData, "utf8");
    const entries = JSON.parse(good) as {
      id: string;
      bindings: Record<string, { binding: string; source: string | null }>;
    }[];
    const entry = entries.find((candidate) => candidate.bindings.title?.source)!;
    entry.bindings.title.source = "ukjent_kilde";
    await writeFile(blockData, JSON.stringify(entries));
    const overlay = page.locator("#cinema-build-dev-overlay pre");
    await overlay.waitFor({ timeout: 30_000 });
    const text = await overlay.textContent();
    expect(text).toMatch(
      /page \/\S+, block [0-9a-f-]+ \([a-z-]+\), field bindings\.title, expression '[^']+': unknown source 'ukjent_kilde'/,
    );
    expect(output).toContain("unknown source 'ukjent_kilde'");
    await writeFile(blockData, good);
    await page.locator("#cinema-build-dev-overlay").waitFor({ state: "detached", timeout: 30_000 });
  });
});
