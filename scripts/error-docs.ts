/**
 * Writes docs/errors.md from the error catalogue (src/errors/catalogue.ts): `npm run docs:errors`.
 * tests/unit/error-catalogue.test.ts fails when the page is not what this script would write.
 * The page is written as Prettier would format it (a list, not a table), so formatting the
 * docs leaves it alone.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ERROR_CATALOGUE, type ErrorEntry } from "../src/errors/catalogue.js";

export const ERROR_DOCS_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "docs", "errors.md");

/** The page: an index of the codes, then per code its title, the message as printed and what to do. */
export function renderErrorDocs(catalogue: Record<string, ErrorEntry> = ERROR_CATALOGUE): string {
  const entries = Object.entries(catalogue);
  const head = [
    "# Error reference",
    "",
    "<!-- Written by `npm run docs:errors` from src/errors/catalogue.ts; edit the catalogue, not this page. -->",
    "",
    "Every error cinema-build reports names where it happened (partner, file, endpoint, page,",
    "block, field, expression) and, where it can, what to do. Programs that call `build()` get a",
    "`BuildError` (or `BuildErrors`, several at once) whose `code` is one of the codes below. In",
    "a message, `<…>` stands for what the data fills in. Exit code 1 for all of them but",
    "`E_INTERNAL` (70: a bug in cinema-build).",
    "",
    ...entries.map(([code, entry]) => `- [${code}](#${code.toLowerCase()}): ${entry.title}`),
  ];
  const sections = entries.flatMap(([code, entry]) => [
    "",
    `## ${code}`,
    "",
    `**${entry.title}.**`,
    "",
    `Message: \`${entry.message}\``,
    "",
    `What to do: ${entry.hint}`,
  ]);
  return [...head, ...sections, ""].join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  writeFileSync(ERROR_DOCS_PATH, renderErrorDocs());
  process.stdout.write(`wrote ${path.relative(process.cwd(), ERROR_DOCS_PATH)}\n`);
}
