import { z } from "zod";

/**
 * A list the platform may send as null (spec 4.2: a placeholder's "other fields … are null").
 * null (or a missing field) reads as the empty list, so no later stage meets null where the
 * spec's data has "nothing"; a value of another type is still an error.
 */
export function listOrNull<T extends z.ZodType>(element: T) {
  return z.preprocess((value) => value ?? [], z.array(element));
}
