import { z } from "zod";

/**
 * A bound field (spec 3.3 "Every bound field has the shape { binding, source }").
 * `source` null: `binding` is literal text. Otherwise `binding` is an expression evaluated
 * against the named data source. The grammar is in docs/bindings.md.
 */
/** Literal text may be written as a number or a boolean ({ "binding": -2 }); it reads as its text. */
const BindingTextSchema = z.preprocess(
  (value) => (typeof value === "number" || typeof value === "boolean" ? String(value) : value),
  z.string().nullable(),
);

export const BindingSchema = z.looseObject({
  binding: BindingTextSchema,
  source: z.string().nullable(),
});
export type Binding = z.infer<typeof BindingSchema>;

/**
 * A collection field. Bound (`source` set): `binding` selects the list and `item` binds each
 * element's fields. Manual (`source` null): `items` lists one binding map per element.
 */
export interface CollectionBinding extends Binding {
  item?: BindingMap;
  items?: BindingMap[];
}

/** An object field: one bound value per sub-property (for example the programme's filter). */
export interface ObjectBinding {
  [field: string]: BoundValue;
}

export type BoundValue = Binding | CollectionBinding | ObjectBinding;
export type BindingMap = Record<string, BoundValue>;

export const BoundValueSchema: z.ZodType<BoundValue> = z.lazy(() =>
  z.union(
    [
      z.looseObject({
        binding: BindingTextSchema,
        source: z.string().nullable(),
        item: BindingMapSchema.optional(),
        items: z.array(BindingMapSchema).optional(),
      }),
      z.record(z.string(), BoundValueSchema),
    ],
    { error: (issue) => notABoundValue(issue.input) },
  ),
) as z.ZodType<BoundValue>;

/** What a value that is not `{ binding, source }` (nor a map of them) is told (spec 3.3). */
function notABoundValue(input: unknown): string | undefined {
  if (input !== null && typeof input === "object" && !Array.isArray(input)) return undefined;
  if (input === null || input === undefined)
    return `expected a bound value { binding, source } (spec 3.3), got ${String(input)}: leave the field out, or write {"binding":null,"source":null}, for its default`;
  const shown =
    typeof input === "string"
      ? `the text '${input.length > 40 ? `${input.slice(0, 40)}…` : input}'`
      : Array.isArray(input)
        ? "a list"
        : String(input);
  const example = JSON.stringify({
    binding: typeof input === "string" ? input.slice(0, 40) : String(input),
    source: null,
  });
  return `expected a bound value { binding, source } (spec 3.3), got ${shown}: write ${example} for literal text`;
}

export const BindingMapSchema: z.ZodType<BindingMap> = z.lazy(() => z.record(z.string(), BoundValueSchema));

/** True when a bound value is a leaf `{ binding, source }` (possibly a collection binding). */
export function isBinding(value: BoundValue): value is Binding | CollectionBinding {
  return typeof value === "object" && value !== null && "binding" in value && "source" in value;
}
