import { readFile } from "node:fs/promises";
import path from "node:path";
import type { z } from "zod";
import type { PartnerConfig } from "../config/index.js";
import { BuildError, BuildErrors } from "../errors/index.js";
import type { RawPartnerData } from "../validate/index.js";
import { issuesToBuildErrors } from "./issue-errors.js";
import { SNAPSHOT_DATA_FILES, SNAPSHOT_META_FILE } from "./snapshot-files.js";

/** The snapshot files in the order they are read and reported. */
const FILES = { meta: SNAPSHOT_META_FILE, ...SNAPSHOT_DATA_FILES };

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
