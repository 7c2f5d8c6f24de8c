import type { z } from "zod";
import { BuildError, formatIssuePath, type ErrorCode, type ErrorLocation } from "../errors/index.js";

/**
 * One BuildError per zod issue of an API answer or a snapshot file, its path split into the
 * record ('events[12]') and the field inside it ('ticketSales[0].available').
 */
export function issuesToBuildErrors(error: z.ZodError, where: ErrorLocation, code?: ErrorCode): BuildError[] {
  return error.issues.map(specificIssue).map((issue) => {
    const { record, field } = splitRecordPath(issue.path);
    return new BuildError(issue.message, { ...where, record, field: field ?? "(record)" }, { code });
  });
}

/** A value's path as the record ('events[12]', up to the first index) and the field inside it. */
export function splitRecordPath(path: readonly PropertyKey[]): { record?: string; field?: string } {
  const recordEnd = path.findIndex((key) => typeof key === "number");
  const recordKeys = recordEnd >= 0 ? path.slice(0, recordEnd + 1) : [];
  const fieldKeys = recordEnd >= 0 ? path.slice(recordEnd + 1) : path;
  return {
    record: recordKeys.length > 0 ? formatIssuePath(recordKeys) : undefined,
    field: fieldKeys.length > 0 ? formatIssuePath(fieldKeys) : undefined,
  };
}

type Issue = z.ZodError["issues"][number];

/**
 * For "Invalid input" of a union (a bound value is either { binding, source } or a map of
 * them), the issue of the branch that got furthest, with its whole path: 'cards.items[3].text:
 * expected a bound value …' instead of 'cards: Invalid input'. Other issues as they are.
 */
function specificIssue(issue: Issue): Issue {
  const branches = issue.code === "invalid_union" ? (issue as Issue & { errors?: Issue[][] }).errors : undefined;
  if (!branches || branches.length === 0) return issue;
  let best: Issue | null = null;
  for (const branch of branches) {
    for (const inner of branch) {
      const candidate = specificIssue({ ...inner, path: [...issue.path, ...inner.path] } as Issue);
      if (best === null || candidate.path.length > best.path.length) best = candidate;
    }
  }
  // A branch that failed at the value itself says no more than the union did, unless the union gave no reason.
  return best && (best.path.length > issue.path.length || issue.message === "Invalid input") ? best : issue;
}
