import { BuildError } from "../errors/index.js";
import { listPartners, loadPartner } from "./load-partner.js";

/** A partner as `cinema-build partners` lists it (one entry of a CI matrix). */
export interface PartnerListEntry {
  /** The folder's id, as `--partner` takes it. */
  partner: string;
  /** partner.json's name, or null when the file does not load (its build fails with the reason). */
  name: string | null;
  siteUrl: string | null;
}

/**
 * Every partner folder of `partnersDir` with its name, sorted by id. A partner.json that does
 * not load is still listed (name null): in a CI matrix its own job fails with the located error,
 * instead of the list failing every partner's job.
 */
export async function listPartnerEntries(partnersDir: string): Promise<PartnerListEntry[]> {
  const ids = await listPartners(partnersDir);
  return Promise.all(
    ids.map(async (partner) => {
      try {
        const { config } = await loadPartner(partnersDir, partner);
        return { partner, name: config.name, siteUrl: config.siteUrl };
      } catch (error) {
        if (!(error instanceof BuildError)) throw error;
        return { partner, name: null, siteUrl: null };
      }
    }),
  );
}
