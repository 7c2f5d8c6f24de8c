/**
 * Writes a partner's content snapshot (docs/data-format.md) from a seed: partner 178's
 * embedded snapshot, or a large synthetic partner for benchmarks. Deterministic: no clock,
 * no Math.random, no machine time zone.
 */
import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Site } from "../../src/model/index.js";
import { PartnerConfigSchema, type PartnerConfig } from "../../src/model/partner-schema.js";
import { generateArticles } from "./articles.js";
import { osloDate } from "./local-time.js";
import { withLocalMedia } from "./media.js";
import { generatePages } from "./pages.js";
import { createPrng } from "./prng.js";
import { generateCatalog } from "./productions.js";
import { buildFooter, buildMenu, buildRedirects } from "./site.js";
import { slugify } from "./slug.js";

export interface GenerateOptions {
  partner: number;
  /** The partners folder; the snapshot goes to <out>/<partner>/snapshot. */
  out: string;
  films: number;
  culture: number;
  articles: number;
  seed: number;
  capturedAt: string;
  /**
   * The film-only twin: the same productions, showings, menus and film page, but the site's
   * pages are only the film detail template (`/:production`): the work a generator of film
   * pages does, to measure beside the peers (docs/performance.md, docs/generator.md).
   */
  filmOnly?: boolean;
}

export const DEFAULT_OPTIONS: Omit<GenerateOptions, "out"> = {
  partner: 178,
  films: 90,
  culture: 40,
  articles: 40,
  seed: 178,
  capturedAt: "2026-11-20T09:00:00+01:00",
};
export const GENERATOR_VERSION = 1;

async function partnerConfig(options: GenerateOptions): Promise<PartnerConfig> {
  const own = path.join(options.out, String(options.partner), "partner.json");
  try {
    return PartnerConfigSchema.parse(JSON.parse(await readFile(own, "utf8")));
  } catch {
    // A synthetic partner gets a copy of 178's configuration with its own ids.
    const base = JSON.parse(await readFile(path.resolve("partners/178/partner.json"), "utf8"));
    const config = {
      ...base,
      partner: options.partner,
      siteId: options.partner,
      partners: [options.partner],
      imageCdn: { ...base.imageCdn, cinemaId: String(options.partner) },
    };
    await mkdir(path.dirname(own), { recursive: true });
    await writeFile(own, `${JSON.stringify(config, null, 2)}\n`);
    return PartnerConfigSchema.parse(config);
  }
}

export async function generateSnapshot(options: GenerateOptions): Promise<Record<string, number>> {
  const config = await partnerConfig(options);
  const prng = createPrng(options.seed);
  const today = osloDate(options.capturedAt);
  const imageCdn = `${config.imageCdn.host}/${config.imageCdn.cinemaId}`;
  const citySlug = slugify(config.city);
  const catalog = generateCatalog(
    {
      partner: options.partner,
      films: options.films,
      culture: options.culture,
      today,
      imageCdn,
      ticketHost: config.ticketing.host,
      ticketCinemaId: config.ticketing.cinemaId,
      cinemaName: config.name,
      channel: config.ticketing.channel,
    },
    prng,
  );
  const articles = generateArticles(prng, options.articles, today, imageCdn);
  const films = catalog.productions.filter((p) => p.object === "movie");
  const generated = generatePages(
    {
      city: config.city,
      citySlug,
      cinemaName: config.name,
      imageCdn,
      eventIds: catalog.events.flatMap((e) => (e.id ? [e.id] : [])),
      titles: films.map((p) => p.parentTitle),
      references: films.map((p) => p.reference),
    },
    prng,
  );
  // Drawn whole, then filtered: the twin's film page and its block ids are the full site's.
  const { pages, blockData } = options.filmOnly ? filmPagesOnly(generated) : generated;
  const host = new URL(config.siteUrl).host;
  const site: Site = {
    id: config.siteId,
    title: config.name,
    host,
    aliases: [host.replace(/^www\./, "")],
    partners: config.partners,
    published: true,
    stage: "production",
    skeleton: { version: "2.4.0" },
    repository: `cinema-sites/partner-${options.partner}`,
    trackingId: config.analytics.trackingId,
    pixelId: config.analytics.pixelId,
    locale: { available: ["nb"], enabled: ["nb"], default: "nb" },
    activeLocale: "nb",
    preferredLanguage: "nb",
    theme: {
      id: "beta-website-theme",
      name: "Beta website theme",
      variant: "variant-2",
      train: "v1",
      logo: `${imageCdn}/logo.svg`,
      logoAlt: config.name,
      favicon: `${imageCdn}/favicon.png`,
      search: { enabled: true, submitPath: "/search" },
      language: { enabled: false, submitPath: "/", languageIcon: null },
      menu: buildMenu({ partner: options.partner, name: config.name, city: config.city, host, imageCdn, citySlug }),
      footer: buildFooter(),
      colors: { primary: "#c8102e", background: "#101418", text: "#f4f4f4" },
      clubLogo: { src: `${imageCdn}/kinoklubb.svg`, alt: "Kinoklubben", href: "/filmklubb-" + citySlug },
      appBadges: [
        {
          store: "app-store",
          href: "https://apps.apple.com/no/app/kinoplattform/id000000178",
          label: "Last ned i App Store",
        },
        {
          store: "google-play",
          href: "https://play.google.com/store/apps/details?id=no.kinoplattform.app",
          label: "Last ned på Google Play",
        },
      ],
    },
    pages,
    // The twin's redirects would lead to pages it does not have.
    redirects: options.filmOnly ? [] : buildRedirects(citySlug),
    address: {
      name: config.name,
      street: "Storgata 12",
      postalCode: "9999",
      city: config.city,
      country: "NO",
      phone: "+47 12 34 56 78",
      email: "post@solvikkino.no",
    },
  };
  const dir = path.join(options.out, String(options.partner), "snapshot");
  await mkdir(dir, { recursive: true });
  // A partner with a media/ folder has no image CDN of its own: its data names local media
  // (docs/data-format.md "Local media"); synthetic partners keep CDN URLs.
  // (Its own folder or the repository's, so a run into another folder writes the same snapshot.)
  const isDir = (dir: string) =>
    stat(dir).then(
      (s) => s.isDirectory(),
      () => false,
    );
  const localMedia =
    (await isDir(path.join(options.out, String(options.partner), "media"))) ||
    (await isDir(path.resolve("partners", String(options.partner), "media")));
  const write = (file: string, data: unknown) =>
    writeFile(path.join(dir, file), `${JSON.stringify(localMedia ? withLocalMedia(data, imageCdn) : data, null, 2)}\n`);
  await write("meta.json", {
    partner: options.partner,
    siteId: config.siteId,
    capturedAt: options.capturedAt,
    source: "generator",
    generator: {
      seed: options.seed,
      films: options.films,
      version: GENERATOR_VERSION,
      ...(options.filmOnly ? { filmOnly: true } : {}),
    },
  });
  await write("site.json", site);
  await write("events.json", { productions: catalog.productions, events: catalog.events });
  await write("block-data.json", blockData);
  await write("articles.json", articles);
  return {
    pages: pages.length,
    productions: catalog.productions.length,
    events: catalog.events.length,
    articles: articles.length,
    redirects: site.redirects.length,
  };
}

/** The film detail template and its block data only (`GenerateOptions.filmOnly`). */
function filmPagesOnly(generated: ReturnType<typeof generatePages>): ReturnType<typeof generatePages> {
  const pages = generated.pages.filter((page) => page.path === "/:production");
  const kept = new Set(pages.flatMap((page) => page.blocks.flatMap((block) => block.data)));
  return { pages, blockData: generated.blockData.filter((data) => kept.has(data.id)) };
}
