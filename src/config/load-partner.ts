import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { BuildError, didYouMeanHint, formatZodIssues } from "../errors/index.js";
import { PartnerConfigSchema, type MemberServiceConfig, type PartnerConfig } from "../model/partner-schema.js";

export interface LoadedPartner {
  config: PartnerConfig;
  /** partners/<id> folder of this partner. */
  dir: string;
  /** Member-service configuration chosen by the first partner id of the site (spec 1, 9). */
  memberService: MemberServiceConfig | null;
}

/** Partner ids that have a partner.json in `partnersDir`, sorted numerically. */
export async function listPartners(partnersDir: string): Promise<string[]> {
  let entries: string[];
  try {
    entries = await readdir(partnersDir);
  } catch {
    throw new BuildError(
      `partners folder '${partnersDir}' does not exist`,
      {},
      { code: "E_PARTNERS_DIR", hint: "pass --partners-dir DIR" },
    );
  }
  const ids: string[] = [];
  for (const entry of entries) {
    try {
      await readFile(path.join(partnersDir, entry, "partner.json"));
      ids.push(entry);
    } catch {
      // not a partner folder
    }
  }
  return ids.sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
}

async function readPartnerFile(partnersDir: string, id: string): Promise<PartnerConfig> {
  const file = path.join(partnersDir, id, "partner.json");
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    const known = await listPartners(partnersDir);
    throw new BuildError(
      `unknown partner ${id}; known partners in ${partnersDir}: ${known.join(", ") || "(none)"}`,
      { partner: id },
      {
        hint: didYouMeanHint(id, known),
        code: "E_UNKNOWN_PARTNER",
      },
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new BuildError(
      `invalid JSON: ${(error as Error).message}`,
      { partner: id, file },
      { code: "E_PARTNER_JSON" },
    );
  }
  const parsed = PartnerConfigSchema.safeParse(json);
  if (!parsed.success) {
    throw new BuildError(
      `invalid partner configuration: ${formatZodIssues(parsed.error).join("; ")}`,
      { partner: id, file },
      { code: "E_PARTNER_CONFIG" },
    );
  }
  if (String(parsed.data.partner) !== id) {
    throw new BuildError(
      `partner.json says partner ${parsed.data.partner} but lives in folder ${id}`,
      { partner: id, file, field: "partner" },
      { code: "E_PARTNER_MISMATCH" },
    );
  }
  return parsed.data;
}

/** Loads and validates partners/<id>/partner.json and picks the member-service configuration. */
export async function loadPartner(partnersDir: string, partnerId: string | number): Promise<LoadedPartner> {
  const id = String(partnerId);
  if (!/^\d+$/.test(id))
    throw new BuildError(`partner id must be a number, got '${id}'`, { partner: id }, { code: "E_PARTNER_ID" });
  const config = await readPartnerFile(partnersDir, id);
  const first = String(config.partners[0]);
  const memberService = first === id ? config.memberService : (await readPartnerFile(partnersDir, first)).memberService;
  return { config, dir: path.join(partnersDir, id), memberService };
}
