import type { z } from "zod";

/** 'blocks[3].data.title' from a zod issue path. */
export function formatIssuePath(path: readonly PropertyKey[], prefix = ""): string {
  let out = prefix;
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out === "" ? String(key) : `.${String(key)}`;
  }
  return out || "(root)";
}

/** 'events[12].ticketSales[0].available: expected number, received string' per issue. */
export function formatZodIssues(error: z.ZodError, prefix = ""): string[] {
  return error.issues.map((issue) => `${formatIssuePath(issue.path, prefix)}: ${issue.message}`);
}
