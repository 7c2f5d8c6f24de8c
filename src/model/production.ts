import { z } from "zod";
import { toOsloLocal } from "../isomorphic/time/oslo.js";
import { listOrNull } from "./list-or-null.js";

/**
 * A datetime as the spec writes it ('YYYY-MM-DD HH:mm:ss', Oslo time), also when written the
 * ISO way: 'T' between date and time or no seconds ('2027-03-24T18:00'), or an instant with
 * its offset ('2027-03-24T17:00:00Z', read as Oslo wall-clock time). Anything else is left for
 * the schema to refuse with its format.
 */
function asOsloLocal(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  const local = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2})?(?:\.\d+)?$/.exec(text);
  if (local) return `${local[1]} ${local[2]}${local[3] ?? ":00"}`;
  if (
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i.test(text) &&
    !Number.isNaN(Date.parse(text))
  )
    return toOsloLocal(text);
  return value;
}

const DATE_TIME_FORMAT = "expected 'YYYY-MM-DD HH:mm:ss' (Oslo time)";
const DATE_OR_TIME_FORMAT = "expected 'YYYY-MM-DD HH:mm:ss' or 'YYYY-MM-DD' (Oslo time)";
/** A missing field keeps zod's own message; a present one of another type is told the format. */
const formatError = (format: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? undefined : format;

/**
 * A date and time that exist on the calendar and the clock ('2026-11-31' and '25:30' do not).
 * Read by position (the schemas' patterns fix them): a snapshot holds a few of these per
 * showing, tens of thousands at a large partner.
 */
function existsOnCalendar(text: string): boolean {
  const [y, mo, d, h, mi, s] = [0, 5, 8, 11, 14, 17].map((at, i) =>
    at < text.length ? Number(text.slice(at, i === 0 ? 4 : at + 2)) : 0,
  );
  return mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo) && h < 24 && mi < 60 && s < 60;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}
const NO_SUCH_TIME = "is not a date and time on the calendar";

/** Datetime as the platform writes it, in Europe/Oslo local time: 'YYYY-MM-DD HH:mm:ss'. */
export const LocalDateTimeSchema = z.preprocess(
  asOsloLocal,
  z
    .string({ error: formatError(DATE_TIME_FORMAT) })
    .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, DATE_TIME_FORMAT)
    .refine(existsOnCalendar, NO_SUCH_TIME),
);
/** A showing's or production's begin: a datetime, or a date only (spec 3.5 ticket date). */
const LocalBeginSchema = z.preprocess(
  asOsloLocal,
  z
    .string({ error: formatError(DATE_OR_TIME_FORMAT) })
    .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, DATE_OR_TIME_FORMAT)
    .refine(existsOnCalendar, NO_SUCH_TIME),
);
/** A date only: 'YYYY-MM-DD'. */
export const LocalDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "expected 'YYYY-MM-DD'");

export const FeatureSchema = z.looseObject({
  /**
   * 'format' (picture and sound), 'language' or 'age' as the platform writes it; the spec
   * (9 "Feature names") names values only, so another kind, or none, is a plain feature. What
   * the pages show is decided by the value (an age rating is 'A' or a number).
   */
  type: z.string().optional(),
  value: z.string().min(1),
});
export type Feature = z.infer<typeof FeatureSchema>;

export const AssetSchema = z.looseObject({
  type: z.string().min(1),
  url: z.string().url(),
  /** CDN crop parameters (spec 3.4); absent or null is none. */
  focalPointQuery: z.preprocess((value) => value ?? "", z.string()),
});
export type Asset = z.infer<typeof AssetSchema>;

export const PropertySchema = z.looseObject({
  property: z.string().min(1),
  /** A list (['Anna Haugen', 'Jonas Nygård']) reads as the comma-separated text the spec's 'actor' is. */
  value: z.preprocess(
    (value) => (Array.isArray(value) && value.every((item) => typeof item === "string") ? value.join(", ") : value),
    z.union([z.string(), z.number(), z.boolean(), z.null()]),
  ),
});

/** A 13-digit event id; written as a number (the spec does not say string) it reads as its digits. */
const EventIdSchema = z.preprocess(
  (value) => (typeof value === "number" && Number.isSafeInteger(value) ? String(value) : value),
  z.string().regex(/^\d{13}$/, "expected a 13-digit event id"),
);

/** A film or cultural production (spec 3.4 "Production"). */
export const ProductionSchema = z.looseObject({
  id: z.string().regex(/^\d+_[a-z]+_[a-z_]+$/, "expected '{number}_{object}_{objectClass}'"),
  title: z.string().min(1),
  parentTitle: z.string().min(1),
  /** The film page's path segment: letters, digits, '-' and, as in article slugs (spec 2.6), ':'. */
  parentSlug: z
    .string()
    .regex(/^[a-z0-9][a-z0-9:-]*$/i, "expected a slug of a-z, 0-9, '-' and ':' (e.g. 'flykapreren-dxm-20031500')"),
  pageReference: z.string().nullable(),
  /** Film code (DXM + 8 digits) for films; the member service's edi number. */
  reference: z.string().min(1),
  eventId: EventIdSchema.nullable(),
  object: z.enum(["movie", "culture"]),
  objectClass: z.string().min(1),
  /** 'Kommende filmer' (spec 3.5 category); absent or null is none. */
  classTitle: z.preprocess((value) => value ?? "", z.string()),
  /** Premiere (films) or first date (culture). */
  begin: LocalBeginSchema.nullable(),
  features: listOrNull(FeatureSchema),
  contents: listOrNull(z.looseObject({ body: z.string(), summary: z.string().nullable() })),
  assets: listOrNull(AssetSchema),
  location: z.looseObject({ name: z.string() }).nullable(),
  properties: listOrNull(PropertySchema),
  advertisementFlags: listOrNull(z.string()),
});
export type Production = z.infer<typeof ProductionSchema>;

/** A showing (spec 3.4 "Event"). Placeholders of upcoming films have key 'mc-…' and no id. */
export const EventSchema = z
  .looseObject({
    id: EventIdSchema.nullable(),
    // 'mc-{id}' (spec 3.5): our generator writes the production's number, data written from
    // the spec may write its whole id ('mc-4521_movie_movie_coming').
    key: z.string().regex(/^(e-[0-9A-Za-z]+|mc-[0-9A-Za-z_-]+)$/, "expected 'e-{event id}' or 'mc-{id}'"),
    object: z.literal("event"),
    objectClass: z.string(),
    /**
     * Id of the production this showing belongs to. Spec 3.3 filters on 'production.parentSlug',
     * so data may embed the production itself: an object with an `id` reads as that id (the
     * validate stage links every showing to its production record either way).
     */
    production: z.preprocess(
      (value) =>
        value !== null && typeof value === "object" && typeof (value as { id?: unknown }).id === "string"
          ? (value as { id: string }).id
          : value,
      z.string().min(1),
    ),
    begin: LocalBeginSchema,
    location: z.looseObject({ name: z.string() }).nullable(),
    purchaseUrl: z.string().url().nullable(),
    ticketSaleType: z.string().nullable(),
    // available: null is a count the platform does not know (spec 3.5 count "… or null").
    ticketSales: listOrNull(
      z.looseObject({ available: z.number().int().min(0).nullable(), beginWeb: LocalDateTimeSchema.nullable() }),
    ),
    advertisementFlags: listOrNull(z.looseObject({ value: z.string() })),
    advertisementFlagsView: listOrNull(z.looseObject({ view: z.string(), flag: z.string() })),
  })
  .superRefine((event, ctx) => {
    if (event.key.startsWith("e-")) {
      if (event.id === null)
        ctx.addIssue({ code: "custom", path: ["id"], message: "a showing ('e-' key) needs a 13-digit event id" });
      else if (event.key !== `e-${event.id}`)
        ctx.addIssue({ code: "custom", path: ["key"], message: `expected 'e-${event.id}'` });
    } else if (event.id !== null) {
      ctx.addIssue({ code: "custom", path: ["id"], message: "a placeholder ('mc-' key) has no event id" });
    }
  });
export type Event = z.infer<typeof EventSchema>;

/** Response of `sites/{siteId}/events`: productions and their showings (docs/data-format.md). */
export const EventsResponseSchema = z.looseObject({
  productions: z.array(ProductionSchema),
  events: z.array(EventSchema),
});
export type EventsResponse = z.infer<typeof EventsResponseSchema>;
