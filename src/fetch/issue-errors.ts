import type { z } from "zod";
import { BuildError, formatIssuePath, type ErrorLocation } from "../errors/index.js";

/**
 * One BuildError per zod issue of an API answer or a snapshot file, its path split into the
 * record ('events[12]') and the field inside it ('ticketSales[0].available').
 */
export function issuesToBuildErrors(error: z.ZodError, where: ErrorLocation, code?: string): BuildError[] {
  return error.issues.map((issue) => {
    const keys = [...issue.path];
    const recordEnd = keys.findIndex((key) => typeof key === "number");
    const recordKeys = recordEnd >= 0 ? keys.slice(0, recordEnd + 1) : [];
    const fieldKeys = recordEnd >= 0 ? keys.slice(recordEnd + 1) : keys;
    return new BuildError(
      issue.message,
      { ...where, record: recordKeys.length > 0 ? formatIssuePath(recordKeys) : undefined, field: fieldKeys.length > 0 ? formatIssuePath(fieldKeys) : "(record)" },
      { code },
    );
  });
}
