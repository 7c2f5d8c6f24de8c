import { z } from "zod";
import { listOrNull } from "./list-or-null.js";

/** Datetime as the platform writes it, in Europe/Oslo local time: 'YYYY-MM-DD HH:mm:ss'. */
export const LocalDateTimeSchema = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, "expected 'YYYY-MM-DD HH:mm:ss'");
/** A date only: 'YYYY-MM-DD'. */
export const LocalDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "expected 'YYYY-MM-DD'");

export const FeatureSchema = z.looseObject({
  /** 'format' (picture and sound), 'language' or 'age' (spec 9 "Feature names"). */
  type: z.enum(["format", "language", "age"]),
  value: z.string().min(1),
});
export type Feature = z.infer<typeof FeatureSchema>;

export const AssetSchema = z.looseObject({
  type: z.string().min(1),
  url: z.string().url(),
  focalPointQuery: z.string(),
});
export type Asset = z.infer<typeof AssetSchema>;

export const PropertySchema = z.looseObject({
  property: z.string().min(1),
  value: z.union([z.string(), z.number(), z.boolean(), z.null()]),
});

/** A film or cultural production (spec 3.4 "Production"). */
export const ProductionSchema = z.looseObject({
  id: z.string().regex(/^\d+_[a-z]+_[a-z_]+$/, "expected '{number}_{object}_{objectClass}'"),
  title: z.string().min(1),
  parentTitle: z.string().min(1),
  parentSlug: z.string().regex(/^[a-z0-9][a-z0-9-]*$/i, "expected a slug"),
  pageReference: z.string().nullable(),
  /** Film code (DXM + 8 digits) for films; the member service's edi number. */
  reference: z.string().min(1),
  eventId: z.string().regex(/^\d{13}$/, "expected a 13-digit event id").nullable(),
  object: z.enum(["movie", "culture"]),
  objectClass: z.string().min(1),
  classTitle: z.string(),
  /** Premiere (films) or first date (culture). */
  begin: z.union([z.string().regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/), z.null()]),
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
    id: z.string().regex(/^\d{13}$/, "expected a 13-digit event id").nullable(),
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
    production: z.preprocess((value) => (value !== null && typeof value === "object" && typeof (value as { id?: unknown }).id === "string" ? (value as { id: string }).id : value), z.string().min(1)),
    begin: z.union([LocalDateTimeSchema, LocalDateSchema]),
    location: z.looseObject({ name: z.string() }).nullable(),
    purchaseUrl: z.string().url().nullable(),
    ticketSaleType: z.string().nullable(),
    ticketSales: listOrNull(z.looseObject({ available: z.number().int().min(0), beginWeb: LocalDateTimeSchema.nullable() })),
    advertisementFlags: listOrNull(z.looseObject({ value: z.string() })),
    advertisementFlagsView: listOrNull(z.looseObject({ view: z.string(), flag: z.string() })),
  })
  .superRefine((event, ctx) => {
    if (event.key.startsWith("e-")) {
      if (event.id === null) ctx.addIssue({ code: "custom", path: ["id"], message: "a showing ('e-' key) needs a 13-digit event id" });
      else if (event.key !== `e-${event.id}`) ctx.addIssue({ code: "custom", path: ["key"], message: `expected 'e-${event.id}'` });
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
