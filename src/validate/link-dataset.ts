import { BuildError, BuildErrors } from "../errors/index.js";
import type {
  Article,
  BlockData,
  Dataset,
  Event,
  LinkedEvent,
  Production,
  RawPartnerData,
  Site,
} from "../model/index.js";
import type { LoadedPartner } from "../config/index.js";
import { onImageCdn, type ImageCdn } from "../model/cdn-file.js";
import type { PartnerConfig } from "../model/partner-schema.js";
import { osloInstant } from "../isomorphic/time/oslo.js";
import { withAccessibility } from "./accessibility.js";
import { checkLimits } from "./check-limits.js";

export interface LinkOptions {
  /** Reference time; default: the capture time. */
  now?: string;
  /** Names the data's origin in error messages (snapshot folder or API base). */
  origin: string;
}

/**
 * The validate stage's cross-record checks (each file or response was already checked by its
 * zod schema): unique ids, showings that belong to a known production, event ids of this
 * partner (spec 3.4: 13 digits, partner id first), and showings linked to their production.
 */
export function linkDataset(loaded: LoadedPartner, raw: RawPartnerData, options: LinkOptions): Dataset {
  const partner = loaded.config.partner;
  const where: Where = (file, record, field) => ({ partner, file: `${options.origin}/${file}`, record, field });
  const errors: BuildError[] = [
    ...checkOwnership(loaded, raw, where),
    ...checkLimits(raw, partner, options.origin),
    ...duplicatePageIds(raw, where),
  ];
  const productions = indexProductions(raw, where, errors);
  const events = linkEvents(raw, productions, loaded.config, where, errors);
  const blockData = indexBlockData(raw, where, errors);
  checkArticleSlugs(raw, where, errors);
  if (errors.length > 0)
    throw new BuildErrors(
      errors,
      `partner ${partner}: the data has ${errors.length} error${errors.length === 1 ? "" : "s"}`,
    );

  return {
    partner: loaded.config,
    memberService: loaded.memberService,
    site: raw.site,
    blockData,
    articles: raw.articles.map((article) => withCdnImages(article, loaded.config.imageCdn)),
    productions: raw.events.productions,
    events,
    now: options.now ? osloInstant(options.now) : raw.meta.capturedAt,
    capturedAt: raw.meta.capturedAt,
  };
}

/** Where in the data: the file (under the data's origin), the record and the field. */
type Where = (
  file: string,
  record: string,
  field?: string,
) => { partner: number; file: string; record: string; field?: string };

/** Data of another partner (a copied snapshot folder, a wrong API site) is never built. */
function checkOwnership(loaded: LoadedPartner, raw: RawPartnerData, where: Where): BuildError[] {
  const partner = loaded.config.partner;
  const errors: BuildError[] = [];
  if (!raw.site.partners.includes(partner)) {
    errors.push(
      new BuildError(
        `site ${raw.site.id} lists partners ${raw.site.partners.join(", ")}, not partner ${partner}`,
        where("site.json", "site", "partners"),
        { code: "E_WRONG_PARTNER", hint: "the data belongs to another partner" },
      ),
    );
  } else if (raw.site.id !== loaded.config.siteId) {
    errors.push(
      new BuildError(
        `site id ${raw.site.id} differs from partner.json siteId ${loaded.config.siteId}`,
        where("site.json", "site", "id"),
        { code: "E_SITE_ID" },
      ),
    );
  }
  const metaPartner = (raw.meta as { partner?: unknown }).partner;
  if (metaPartner !== undefined && metaPartner !== partner) {
    errors.push(
      new BuildError(
        `the snapshot was captured for partner ${String(metaPartner)}, not partner ${partner}`,
        where("meta.json", "meta", "partner"),
        { code: "E_SNAPSHOT_PARTNER", hint: "copy the snapshot of the right partner, or take a new one" },
      ),
    );
  }
  return errors;
}

/** Productions by id; a duplicate id is an error. */
function indexProductions(raw: RawPartnerData, where: Where, errors: BuildError[]): Map<string, Production> {
  const productions = new Map<string, Production>();
  raw.events.productions.forEach((production, index) => {
    if (productions.has(production.id))
      errors.push(
        new BuildError(
          `duplicate production id '${production.id}'`,
          where("events.json", `productions[${index}]`, "id"),
          { code: "E_DUPLICATE_ID" },
        ),
      );
    productions.set(production.id, production);
  });
  return productions;
}

/** Showings with their production; ids of this partner and unique (spec 3.4). */
function linkEvents(
  raw: RawPartnerData,
  productions: Map<string, Production>,
  { partner, accessibility }: PartnerConfig,
  where: Where,
  errors: BuildError[],
): LinkedEvent[] {
  const eventIds = new Set<string>();
  const events: LinkedEvent[] = [];
  raw.events.events.forEach((event, index) => {
    const at = (field: string) => where("events.json", `events[${index}]`, field);
    if (event.id !== null) {
      if (!event.id.startsWith(String(partner)))
        errors.push(
          new BuildError(`event id '${event.id}' does not start with partner id ${partner}`, at("id"), {
            code: "E_EVENT_ID",
            hint: "event ids are '<partner>' + zero padding + event number, 13 digits",
          }),
        );
      if (eventIds.has(event.id))
        errors.push(new BuildError(`duplicate event id '${event.id}'`, at("id"), { code: "E_DUPLICATE_ID" }));
      eventIds.add(event.id);
    }
    const production = productions.get(event.production);
    if (!production) {
      errors.push(
        new BuildError(`showing belongs to unknown production '${event.production}'`, at("production"), {
          code: "E_UNKNOWN_PRODUCTION",
        }),
      );
      return;
    }
    // The partner's accessibility words join the showing's flag views (./accessibility.ts).
    events.push({ ...withAccessibility(event, accessibility), production });
  });
  return events;
}

function indexBlockData(raw: RawPartnerData, where: Where, errors: BuildError[]): Record<string, BlockData> {
  const blockData: Record<string, BlockData> = {};
  raw.blockData.forEach((record, index) => {
    if (blockData[record.id])
      errors.push(
        new BuildError(`duplicate block-data id '${record.id}'`, where("block-data.json", `[${index}]`, "id"), {
          code: "E_DUPLICATE_ID",
        }),
      );
    blockData[record.id] = record;
  });
  return blockData;
}

/** An article's slug is its page's path: two articles cannot share one. */
function checkArticleSlugs(raw: RawPartnerData, where: Where, errors: BuildError[]): void {
  const slugs = new Set<string>();
  raw.articles.forEach((article, index) => {
    if (slugs.has(article.slug))
      errors.push(
        new BuildError(`duplicate article slug '${article.slug}'`, where("articles.json", `[${index}]`, "slug"), {
          code: "E_DUPLICATE_SLUG",
        }),
      );
    slugs.add(article.slug);
  });
}

/**
 * An article's image or thumbnail given as a bare file name ('sal1.jpg') is a file of the
 * image CDN, {host}/{cinemaId}/{file} (spec 7.6), on the page as in its og:image; before, the
 * page wrote it as a link relative to the article's own path, which leads nowhere.
 */
function withCdnImages(article: Article, cdn: ImageCdn): Article {
  const image = article.image === null ? null : onImageCdn(article.image, cdn);
  const thumbnail = article.thumbnail === null ? null : onImageCdn(article.thumbnail, cdn);
  return image === article.image && thumbnail === article.thumbnail ? article : { ...article, image, thumbnail };
}

/** Page ids and block ids are unique in a site (spec 3.3: uuids); a copy-pasted page repeats them. */
function duplicatePageIds(raw: RawPartnerData, where: Where): BuildError[] {
  const errors: BuildError[] = [];
  const pages = new Map<string, string>();
  const blocks = new Map<string, string>();
  raw.site.pages.forEach((page, p) => {
    const earlier = pages.get(page.id);
    if (earlier !== undefined)
      errors.push(
        new BuildError(
          `duplicate page id '${page.id}' (also page ${earlier})`,
          { ...where("site.json", `pages[${p}]`, "id"), pagePath: page.path },
          { code: "E_DUPLICATE_ID" },
        ),
      );
    else pages.set(page.id, page.path);
    page.blocks.forEach((block, b) => {
      const seen = blocks.get(block.id);
      if (seen !== undefined)
        errors.push(
          new BuildError(
            `duplicate block id '${block.id}' (also on page ${seen})`,
            { ...where("site.json", `pages[${p}].blocks[${b}]`, "id"), pagePath: page.path, blockId: block.id },
            { code: "E_DUPLICATE_ID" },
          ),
        );
      else blocks.set(block.id, page.path);
    });
  });
  return errors;
}
