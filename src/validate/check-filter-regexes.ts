/**
 * The build's copy of lint's regex safety check (docs/security.md: a page filter '(x+x+)+y' hung the
 * build for over 90 s while lint caught it). A regex filter that can backtrack
 * catastrophically is an error naming page, source and filter, before any query runs.
 */
import safeRegex from "safe-regex2";
import { BuildError } from "../errors/index.js";
import type { Page } from "../model/index.js";
import { regexSourceOf } from "../query/index.js";

export function unsafeFilterRegexes(pages: readonly Page[], partner: number): BuildError[] {
  const errors: BuildError[] = [];
  for (const page of pages) {
    for (const source of page.sources) {
      source.filter.forEach((filter, index) => {
        if (filter.operator !== "regex") return;
        const pattern = String(filter.value);
        // Checked as the query stage compiles it: without a leading '(?i)' (src/query). A
        // pattern that does not compile is the query stage's error to report, with its reason
        // (safe-regex2 calls it unsafe too, which sent editors looking for a repetition).
        if (!compiles(regexSourceOf(pattern)) || safeRegex(regexSourceOf(pattern))) return;
        errors.push(
          new BuildError(
            `the regex '${pattern}' can backtrack catastrophically (nested repetition)`,
            { partner, pagePath: page.path, field: `sources.${source.name}.filter[${index}].value` },
            {
              code: "E_UNSAFE_REGEX",
              hint: "rewrite it without a repeated group inside a repetition, e.g. '^(a|b)$'; 'cinema-build lint' reports the same",
            },
          ),
        );
      });
    }
  }
  return errors;
}

function compiles(source: string): boolean {
  try {
    new RegExp(source, "i");
    return true;
  } catch {
    return false;
  }
}
