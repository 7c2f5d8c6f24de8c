import { z } from "zod";
import { listOrNull } from "./list-or-null.js";
import { BindingSchema } from "./binding.js";

const SpanSchema = z.looseObject({ span: z.number().int().min(1).max(12), order: z.number().int() });

export const ColumnSchema = z.looseObject({
  index: z.number().int().min(0),
  xs: SpanSchema,
  md: SpanSchema,
  lg: SpanSchema,
});
export type Column = z.infer<typeof ColumnSchema>;

export const RowSchema = z.looseObject({
  index: z.number().int().min(0),
  container: z.boolean(),
  columns: z.array(ColumnSchema).min(1),
});
export type Row = z.infer<typeof RowSchema>;

export const FilterOperatorSchema = z.enum(["eq", "regex", "in"]);
export type FilterOperator = z.infer<typeof FilterOperatorSchema>;

/** One filter of a data query (spec 3.3 "Filters"). A value starting with @ is a route parameter. */
export const FilterSchema = z.looseObject({
  property: z.string().min(1),
  operator: FilterOperatorSchema,
  value: z.union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()]))]),
});
export type Filter = z.infer<typeof FilterSchema>;

export const ModelSchema = z.enum(["production", "event", "article"]);
export type Model = z.infer<typeof ModelSchema>;

/** A data query of a page (spec 3.3 "Source"). */
export const SourceSchema = z.looseObject({
  name: z.string().min(1),
  model: ModelSchema,
  collection: z.boolean(),
  /** null reads as no filter (spec 4.2's null-for-empty, as the platform may send it). */
  filter: listOrNull(FilterSchema),
});
export type Source = z.infer<typeof SourceSchema>;

/** One entry of a block's field schema (metadata.properties). */
export interface PropertyDef {
  name: string;
  type: PropertyType;
  icon?: string | null;
  hidden?: boolean;
  default?: unknown;
  /** Sub-properties of an `object` field. */
  properties?: PropertyDef[];
  /** Item schema of a `collection` field. (`list` is a list of strings: no prototype.) */
  prototype?: PropertyDef[];
}

export const PROPERTY_TYPES = [
  "string",
  "text",
  "markdown",
  "html",
  "number",
  "boolean",
  "date",
  "datetime",
  "image",
  "link",
  "choice",
  "list",
  "object",
  "collection",
] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const PropertyDefSchema: z.ZodType<PropertyDef> = z.lazy(() =>
  z.looseObject({
    name: z.string().min(1),
    type: z.enum(PROPERTY_TYPES),
    icon: z.string().nullable().optional(),
    hidden: z.boolean().optional(),
    default: z.unknown().optional(),
    properties: z.array(PropertyDefSchema).optional(),
    prototype: z.array(PropertyDefSchema).optional(),
  }),
) as z.ZodType<PropertyDef>;

export const BlockSchema = z.looseObject({
  id: z.string().min(1),
  /** The component kind; checked against the catalogue by lint and render, not here. */
  component: z.string().min(1),
  hide: z.boolean(),
  place: z.looseObject({ column: z.number().int().min(0), row: z.number().int().min(0), order: z.number().int() }),
  /** Block-data ids (one per locale). */
  data: z.array(z.string()),
  metadata: z.looseObject({ properties: z.array(PropertyDefSchema) }),
});
export type Block = z.infer<typeof BlockSchema>;

export const META_FIELDS = ["title", "keywords", "description", "image", "facebookVerificationCode"] as const;
export type MetaField = (typeof META_FIELDS)[number];

/** Page meta: one binding set per locale ('nb' used, 'en' present but empty). */
export const PageMetaSchema = z.looseObject({
  data: z.record(
    z.string(),
    z.looseObject({
      title: BindingSchema.optional(),
      keywords: BindingSchema.optional(),
      description: BindingSchema.optional(),
      image: BindingSchema.optional(),
      facebookVerificationCode: BindingSchema.optional(),
    }),
  ),
});
export type PageMeta = z.infer<typeof PageMetaSchema>;

export const PageSchema = z.looseObject({
  id: z.string().min(1),
  title: z.string(),
  path: z.string().startsWith("/"),
  layout: z.literal("page-header-footer"),
  pageType: z.enum(["ordinary", "standard"]),
  template: z.looseObject({ rows: z.array(RowSchema) }),
  sources: z.array(SourceSchema),
  blocks: z.array(BlockSchema),
  meta: PageMetaSchema,
});
export type Page = z.infer<typeof PageSchema>;
