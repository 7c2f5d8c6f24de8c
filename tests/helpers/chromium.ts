/**
 * What every browser test needs (docs: the brief's flags that work on these machines): Debian's
 * Chromium, the flags it runs with here, and axe-core's source to evaluate in a page (the
 * pages' CSP allows no inline script, so it is evaluated, not injected).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

export const CHROMIUM = "/usr/bin/chromium";
export const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
export const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
