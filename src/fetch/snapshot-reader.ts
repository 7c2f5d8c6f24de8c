import { readFile } from "node:fs/promises";
import path from "node:path";
import type { z } from "zod";
import type { PartnerConfig } from "../config/index.js";
import { BuildError, BuildErrors } from "../errors/index.js";
import { ArticlesResponseSchema, BlockDataResponseSchema, EventsResponseSchema, SiteSchema, SnapshotMetaSchema } from "../model/index.js";
import type { RawPartnerData } from "../validate/index.js";
import { issuesToBuildErrors } from "./issue-errors.js";

/** The snapshot files and the schema of the API answer each one holds (docs/data-format.md). */
const FILES = {
  meta: { file: "meta.json", schema: SnapshotMetaSchema },
  site: { file: "site.json", schema: SiteSchema },
  events: { file: "events.json", schema: EventsResponseSchema },
  blockData: { file: "block-data.json", schema: BlockDataResponseSchema },
  articles: { file: "articles.json", schema: ArticlesResponseSchema },
} as const;

/**
 * Reads partners/<id>/snapshot/ and validates every file with its schema. Every problem of
 * every file is collected and reported with the file, the record and the field path.
 */
export async function readSnapshot(dir: string, partner: PartnerConfig): Promise<RawPartnerData> {
  const errors: BuildError[] = [];
  const out: Record<string, unknown> = {};
  for (const [key, { file, schema }] of Object.entries(FILES)) {
    const fullPath = path.join(dir, file);
    const shown = path.relative(process.cwd(), fullPath) || fullPath;
    let json: unknown;
    try {
      json = JSON.parse(await readFile(fullPath, "utf8"));
    } catch (error) {
      const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
      errors.push(
        new BuildError(missing ? "snapshot file is missing" : `invalid JSON: ${(error as Error).message}`, { partner: partner.partner, file: shown }, {
          hint: missing ? `run 'cinema-build snapshot --partner ${partner.partner}' or build with --source api` : undefined,
        }),
      );
      continue;
    }
    const parsed = (schema as z.ZodType).safeParse(json);
    if (parsed.success) out[key] = parsed.data;
    else errors.push(...issuesToBuildErrors(parsed.error, { partner: partner.partner, file: shown }));
  }
  if (errors.length > 0) throw new BuildErrors(errors, `partner ${partner.partner}: the snapshot in ${dir} is invalid`);
  return out as unknown as RawPartnerData;
}
