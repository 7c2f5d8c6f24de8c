/**
 * Every page of spec 2.3–2.6, with its template, sources, blocks (hidden ones included),
 * block data and meta bindings.
 */
import {
  AD_SLOT_KIND,
  COMPONENTS,
  type BindingMap,
  type BlockData,
  type Page,
  type Source,
} from "../../src/model/index.js";
import type { Prng } from "./prng.js";
import {
  articleCards,
  bind,
  lit,
  productionCards,
  programmeBindings,
  scheduleBindings,
  ticketItem,
} from "./bindings.js";

interface BlockSpec {
  kind: string;
  bindings: BindingMap;
  hide?: boolean;
  /** Side column of a detail page. */
  side?: boolean;
  row?: number;
}

interface PageSpec {
  path: string;
  title: string;
  standard?: boolean;
  detail?: boolean;
  sources?: Source[];
  blocks: BlockSpec[];
  meta?: Record<string, { binding: string; source: string | null }>;
}

const span = (n: number, order = 0) => ({ span: n, order });
const EXCLUDE_IDS = "^(?!.*(113371|113372)$)";

const source = (name: string, model: Source["model"], collection: boolean, filter: Source["filter"] = []): Source => ({
  name,
  model,
  collection,
  filter,
});
const movies = (extra: Source["filter"] = []) =>
  source("productions", "production", true, [{ property: "object", operator: "eq", value: "movie" }, ...extra]);
const culture = (extra: Source["filter"] = []) =>
  source("productions", "production", true, [{ property: "object", operator: "eq", value: "culture" }, ...extra]);
const allEvents = () => source("events", "event", true);

const content = (title: string, body: string): BlockSpec => ({
  kind: "content",
  bindings: { title: lit(title), body: lit(body) },
});
const cover = (title: string, image: string, hide = false): BlockSpec => ({
  kind: "cover",
  hide,
  bindings: { title: lit(title), image: lit(image) },
});
const ad = (id: string, side = false): BlockSpec => ({
  kind: AD_SLOT_KIND,
  side,
  bindings: { id: lit(`${id}-desktop`), mobileId: lit(`${id}-mobile`) },
});
const news = (hide = false): BlockSpec => ({
  kind: "news-subscribe",
  hide,
  bindings: {
    title: lit("Meld deg på nyhetsbrevet"),
    text: lit("Få premierer og tilbud rett i innboksen."),
    action: lit("https://nyhetsbrev.example/solvik-kino"),
  },
});
const program = (
  title: string,
  extra: Partial<Parameters<typeof programmeBindings>[0]> = {},
  kind = "program",
): BlockSpec => ({ kind, bindings: programmeBindings({ title, ...extra }) });
const schedule = (title: string, hide = false): BlockSpec => ({
  kind: "schedule",
  hide,
  bindings: scheduleBindings(title),
});

export interface PageContext {
  city: string;
  citySlug: string;
  cinemaName: string;
  imageCdn: string;
  /** Event ids that exist, to build the explicit id lists of the schedule pages. */
  eventIds: string[];
  /** Parent titles that exist, for the title-filtered pages. */
  titles: string[];
  /** Film references, for /den-store-kinodagen's exclusion. */
  references: string[];
}

function infoPage(path: string, title: string, body: string, extra: BlockSpec[] = []): PageSpec {
  return { path, title, blocks: [{ kind: "title", bindings: { title: lit(title) } }, content("", body), ...extra] };
}

function idSchedulePage(
  ctx: PageContext,
  prng: Prng,
  path: string,
  title: string,
  opts: { cover?: boolean; coverHidden?: boolean; operator?: "regex" | "in" } = {},
): PageSpec {
  const ids = prng.sample(ctx.eventIds, 4);
  const filter =
    opts.operator === "in"
      ? { property: "id", operator: "in" as const, value: ids }
      : { property: "id", operator: "regex" as const, value: `^(${ids.join("|")})$` };
  const blocks: BlockSpec[] = [];
  if (opts.cover !== false) blocks.push(cover(title, `${ctx.imageCdn}/${path.slice(1)}-cover.jpg`, opts.coverHidden));
  blocks.push(
    content(title, `<p>${title} på ${ctx.cinemaName}. Se tidene og kjøp billetter under.</p>`),
    schedule("Visninger"),
  );
  return { path, title, sources: [source("events", "event", true, [filter])], blocks };
}

/** Spec 2.5 '/{city}-sci-fi-festival': cover, content, card list (news, from articles) and the schedule. */
function withCardList(page: PageSpec, list: BlockSpec): PageSpec {
  const at = page.blocks.findIndex((block) => block.kind === "schedule");
  return {
    ...page,
    sources: [...(page.sources ?? []), { name: "articles", model: "article", collection: true, filter: [] }],
    blocks: [...page.blocks.slice(0, at), list, ...page.blocks.slice(at)],
  };
}

function pageSpecs(ctx: PageContext, prng: Prng): PageSpec[] {
  const c = ctx.citySlug;
  const img = (name: string) => `${ctx.imageCdn}/${name}.jpg`;
  const cards = (title: string, sourceName: string, articles = false): BlockSpec => ({
    kind: "card-list",
    bindings: {
      title: lit(title),
      cards: {
        binding: "@",
        source: sourceName,
        item: articles ? articleCards(sourceName) : productionCards(sourceName),
      },
    },
  });
  const frontSources = [
    source("featured_productions", "production", true, [
      { property: "object", operator: "eq", value: "movie" },
      { property: "objectClass", operator: "eq", value: "movie" },
    ]),
    source("featured_movies", "production", true, [{ property: "objectClass", operator: "eq", value: "movie_coming" }]),
    source("featured_events", "event", true, [{ property: "production.object", operator: "eq", value: "culture" }]),
    source("culture_productions", "production", true, [{ property: "object", operator: "eq", value: "culture" }]),
    source("articles", "article", true),
  ];
  const titleList = prng.sample(ctx.titles, 5);
  const longTitleList = prng.sample(ctx.titles, 12);
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return [
    {
      path: "/",
      title: "Forside",
      sources: [
        ...frontSources,
        source("productions", "production", true, [{ property: "object", operator: "eq", value: "culture" }]),
        allEvents(),
      ],
      blocks: [
        {
          kind: "slideshow",
          bindings: {
            title: lit("Aktuelt"),
            slides: { binding: "@", source: "featured_productions", item: productionCards("featured_productions") },
          },
        },
        {
          kind: "poster",
          bindings: { title: lit("Ukens film"), image: lit(img("ukens-film")), link: lit("/kinoprogram") },
        },
        {
          kind: "poster",
          hide: true,
          bindings: { title: lit("Julekino"), image: lit(img("julekino")), link: lit("/kinoprogram") },
        },
        {
          kind: "quick-links",
          bindings: {
            title: lit("Snarveier"),
            links: {
              binding: null,
              source: null,
              items: [
                { label: lit("Kinoprogram"), link: lit("/kinoprogram") },
                { label: lit("Kommende filmer"), link: lit("/kommende") },
                { label: lit("Gavekort"), link: lit("/gavekort-pa-kino") },
                { label: lit("Priser"), link: lit("/priser-og-rabatter") },
              ],
            },
          },
        },
        cards("Kommende filmer", "featured_movies"),
        cards("Nyheter", "articles", true),
        content("Velkommen til " + ctx.cinemaName, `<p>${ctx.cinemaName} har seks saler i sentrum av ${ctx.city}.</p>`),
        ad("forside-1"),
        {
          kind: "cover-flow",
          bindings: {
            title: lit("På kino nå"),
            items: { binding: "@", source: "featured_productions", item: productionCards("featured_productions") },
          },
        },
        program("Kulturprogram", { linkField: "pageReference" }, "culture-program"),
        { kind: "schedule", hide: true, bindings: scheduleBindings("Arrangementer", "featured_events") },
        {
          kind: "modal-dialog",
          hide: true,
          bindings: { title: lit("Velkommen!"), body: lit("<p>Nå kan du kjøpe billetter i appen.</p>") },
        },
      ],
    },
    {
      path: "/kinoprogram",
      title: "Kinoprogram",
      sources: [movies([{ property: "eventId", operator: "regex", value: EXCLUDE_IDS }]), allEvents()],
      blocks: [ad("kinoprogram-topp"), program("Kinoprogram"), ad("kinoprogram-bunn")],
    },
    {
      path: "/filmer",
      title: "Filmer",
      sources: [movies([{ property: "eventId", operator: "regex", value: EXCLUDE_IDS }]), allEvents()],
      blocks: [program("Filmer", {}, "events")],
    },
    {
      path: "/kommende",
      title: "Kommende filmer",
      sources: [
        source("productions", "production", true, [
          { property: "objectClass", operator: "eq", value: "movie_coming" },
          { property: "eventId", operator: "regex", value: EXCLUDE_IDS },
        ]),
        allEvents(),
      ],
      blocks: [
        ad("kommende-1"),
        { ...program("Kommende filmer", { displayMode: -2, showCount: false, filterType: "none" }), row: 1 },
        { ...ad("kommende-2"), row: 1 },
      ],
      meta: {
        title: { binding: "Kommende filmer", source: null },
        description: { binding: "Kommende filmer", source: null },
        keywords: { binding: "Kommende filmer", source: null },
      },
    },
    {
      path: "/eventer",
      title: "Arrangementer",
      sources: frontSources,
      blocks: [
        cards("Filmer", "featured_productions"),
        cards("Kommende", "featured_movies"),
        cards("Kultur", "culture_productions"),
        cards("Nyheter", "articles", true),
      ],
    },
    {
      path: "/eventer-2",
      title: "Kultur på kinoen",
      sources: [culture([{ property: "location.name", operator: "eq", value: ctx.cinemaName }]), allEvents()],
      blocks: [program("Kultur på kinoen", { linkField: "pageReference" }, "culture-program")],
    },
    {
      path: "/kulturprogram",
      title: "Kulturprogram",
      sources: [culture(), allEvents()],
      blocks: [
        ad("kultur-1"),
        program("Kulturprogram", { linkField: "pageReference" }, "culture-program"),
        ad("kultur-2"),
      ],
    },
    {
      path: "/search",
      title: "Søk",
      standard: true,
      sources: [
        source("articles", "article", true),
        source("culture_events", "production", true, [{ property: "object", operator: "eq", value: "culture" }]),
      ],
      blocks: [
        { kind: "search-field", bindings: { title: lit("Søk") } },
        { kind: "search-results", bindings: { title: lit("Søkeresultater"), emptyText: lit("Ingen treff.") } },
      ],
    },
    {
      path: "/min-side",
      title: "Min side",
      standard: true,
      sources: [frontSources[2]],
      blocks: [
        {
          kind: "my-page",
          bindings: { title: lit("Min side"), events: scheduleBindings("", "featured_events").events },
        },
      ],
    },
    {
      path: "/test",
      title: "Test",
      sources: [frontSources[0]],
      blocks: [
        {
          kind: "slideshow",
          bindings: {
            slides: { binding: "@", source: "featured_productions", item: productionCards("featured_productions") },
          },
        },
        cards("Filmer", "featured_productions"),
      ],
    },
    {
      path: "/404.html",
      title: "Fant ikke siden",
      standard: true,
      blocks: [
        cover("Fant ikke siden", img("404")),
        content(
          "",
          '<p>Siden finnes ikke. Gå til <a href="/">forsiden</a> eller <a href="/kinoprogram">kinoprogrammet</a>.</p>',
        ),
      ],
    },
    // 2.4 information pages
    infoPage(
      "/priser-og-rabatter",
      "Priser og rabatter",
      "<table><tr><th>Billett</th><th>Pris</th></tr><tr><td>Voksen</td><td>150 kr</td></tr><tr><td>Barn</td><td>110 kr</td></tr><tr><td>Honnør</td><td>110 kr</td></tr></table><p>Halv pris for medlemmer av filmklubben.</p>",
    ),
    infoPage(
      "/sporsmal-og-svar",
      "Spørsmål og svar",
      "<h3>Kan jeg bytte billett?</h3><p>Ja, frem til 2 timer før visning.</p>",
      [news(), news(true)],
    ),
    infoPage(
      "/aldersgrenser",
      "Aldersgrenser",
      "<p>Barn under 12 år må være i følge med voksen på filmer med 12-årsgrense. Aldersgrensene er 12, 15 og 18 år.</p>",
    ),
    infoPage("/ledsagerbevis", "Ledsagerbevis", "<p>Har du ledsagerbevis, går ledsageren gratis.</p>"),
    infoPage("/gavekort-pa-kino", "Gavekort på kino", "<p>Gi bort en kinoopplevelse. Gavekortet gjelder i ett år.</p>"),
    infoPage("/bursdag-pa-kino", "Bursdag på kino", "<p>Feir bursdagen med film, popkorn og brus.</p>"),
    { path: "/kinobursdag-2", title: "Kinobursdag", blocks: [cover("Kinobursdag", img("bursdag")), news()] },
    infoPage("/lei-en-kinosal", "Lei en kinosal", "<p>Lei en sal til møter, fest eller egen visning.</p>"),
    infoPage("/bedriftsvisninger", "Bedriftsvisninger", "<p>Inviter ansatte og kunder til en egen visning.</p>"),
    {
      path: "/skolekino",
      title: "Skolekino",
      sources: [
        source("productions", "production", true, [{ property: "features", operator: "regex", value: "^(A|6)$" }]),
      ],
      blocks: [
        cover("Skolekino", img("skolekino")),
        content("Skolekino", "<p>Skolekino for alle trinn.</p>"),
        cards("Aktuelle filmer", "productions"),
        news(),
        ad("skolekino"),
      ],
    },
    infoPage("/kinoreklame", "Kinoreklame", "<p>Nå et lokalt publikum med reklame på lerretet.</p>"),
    infoPage(
      "/selg-billetter-via-oss",
      "Selg billetter via oss",
      "<p>Arrangerer du noe? Vi selger billettene for deg.</p>",
    ),
    infoPage("/sluttdatoer", "Sluttdatoer", "<p>Her ser du når filmene går ut av programmet.</p>"),
    infoPage("/om-kinoen", "Om kinoen", `<p>${ctx.cinemaName} er en kommunal kino med seks saler.</p>`),
    infoPage(
      "/varmestua-kino",
      "Varmestua-kino",
      "<p>En visning i samarbeid med Varmestua for mennesker med rusavhengighet. Påmelding skjer gjennom Varmestua.</p>",
    ),
    {
      path: "/kinonytt",
      title: "Kinonytt",
      sources: [source("articles", "article", true)],
      blocks: [cards("Kinonytt", "articles", true)],
    },
    // 2.5 series, theme, holiday and festival pages
    ...[
      "/filmprek",
      "/film-i-kveldslys",
      "/adventskino",
      "/nordic-docs",
      "/valentines-day-pa-kino",
      "/barnas-superkino",
      "/kinokveld-for-ungdom",
      "/nordisk-filmdag",
      "/film-112",
      "/polske-filmdager",
      "/planleggingsdag",
      "/nattkino",
      "/nissedag",
      "/barnefilm-til-100",
      "/jentekveld",
      `/filmklubb-${c}`,
    ].map((path, i) => idSchedulePage(ctx, prng, path, titleOf(path), { operator: i % 2 === 0 ? "regex" : "in" })),
    idSchedulePage(ctx, prng, "/film-i-dagslys", "Film i dagslys", { coverHidden: true }),
    idSchedulePage(ctx, prng, "/den-store-familiedagen", "Den store familiedagen", { cover: false }),
    {
      path: "/oscardager",
      title: "Oscardager",
      sources: [
        source("events", "event", true, [{ property: "production.parentTitle", operator: "in", value: titleList }]),
      ],
      blocks: [schedule("Oscardager")],
    },
    {
      path: "/kinosjefens-utvalgte",
      title: "Kinosjefens utvalgte",
      sources: [
        source("events", "event", true, [
          {
            property: "production.parentTitle",
            operator: "regex",
            value: `^(${longTitleList.map(escape).join("|")})$`,
          },
        ]),
      ],
      blocks: [
        { kind: "title", bindings: { title: lit("Kinosjefens utvalgte") } },
        content("", "<p>Filmene kinosjefen anbefaler denne måneden.</p>"),
        schedule("Utvalgte visninger"),
      ],
    },
    ...(
      [
        ["/pensjonistkino", "senior_cinema", "Seniorkino"],
        ["/babykino", "baby_cinema", "Babykino"],
        ["/strikkekino", "knitting_cinema", "Strikkekino"],
      ] as const
    ).map(([path, flag, title]) => ({
      path,
      title,
      sources: [
        source("productions", "production", true, [
          { property: "advertisementFlags", operator: "eq" as const, value: flag },
        ]),
        allEvents(),
      ],
      blocks: [program(title, { adFlags: flag })],
    })),
    {
      path: "/strikkekinofestival",
      title: "Strikkekinofestival",
      blocks: [
        content("Strikkekinofestival", "<p>Strikk og film i en hel helg.</p>"),
        cover("Strikkekinofestival", img("strikkefestival")),
      ],
    },
    {
      path: "/den-store-kinodagen",
      title: "Den store kinodagen",
      sources: [
        movies([
          { property: "reference", operator: "regex", value: `^(?!(${ctx.references.slice(0, 2).join("|")})$)` },
        ]),
        allEvents(),
      ],
      blocks: [
        cover("Den store kinodagen", img("kinodagen")),
        content("Halv pris på alle billetter", "<p>Halv pris på alle billetter på den nasjonale kinodagen.</p>"),
        program("Program"),
        news(true),
      ],
    },
    ...[`/paske-pa-${c}-kino`, `/vinterferie-pa-${c}-kino`].map((path) => ({
      path,
      title: titleOf(path),
      sources: [movies([{ property: "features", operator: "regex" as const, value: "^(A|6)$" }]), allEvents()],
      blocks: [
        cover(titleOf(path), img(path.slice(1))),
        content("", "<p>Familiefilmer hele ferien.</p>"),
        program("Program"),
      ],
    })),
    {
      path: `/hostferie-pa-${c}-kino`,
      title: "Høstferie på kino",
      sources: [movies(), allEvents()],
      blocks: [
        cover("Høstferie på kino", img("hostferie")),
        content("", "<p>Høstferie på kino.</p>"),
        program("Program"),
        schedule("Visninger", true),
      ],
    },
    {
      path: `/pinse-pa-${c}-kino`,
      title: "Pinse på kino",
      sources: [movies(), allEvents()],
      blocks: [program("Alle filmer")],
    },
    {
      ...idSchedulePage(ctx, prng, `/halloween-pa-${c}-kino`, "Halloween på kino", { cover: false }),
      blocks: [schedule("Halloween")],
    },
    {
      path: "/ringenes-herre-maraton",
      title: "Ringenes herre-maraton",
      blocks: [
        cover("Ringenes herre-maraton", img("ringenes-herre")),
        content("", "<p>Alle tre filmene på én dag. 80 kroner per film.</p>"),
      ],
    },
    {
      path: "/hunger-games-maraton",
      title: "Hunger Games-maraton",
      blocks: [
        cover("Hunger Games-maraton", img("hunger-games")),
        content("", "<p>Nattmaraton fra 00:01 med pauser mellom filmene. 60 kroner per film.</p>"),
      ],
    },
    {
      path: "/mozartfestivalen-2022",
      title: "Mozartfestivalen 2022",
      blocks: [
        news(),
        { kind: "poster", bindings: { title: lit("Mozartfestivalen 2022"), image: lit(img("mozart-2022")) } },
        {
          kind: "manual-card-list",
          bindings: {
            title: lit("Program"),
            cards: {
              binding: null,
              source: null,
              items: [
                { title: lit("Åpningskonsert"), text: lit("Fredag kl. 19:00") },
                { title: lit("Requiem"), text: lit("Lørdag kl. 18:00") },
              ],
            },
          },
        },
      ],
    },
    // Spec 2.5: poster, card lists (plural: concerts and festival news) and newsletter subscribe.
    {
      path: "/mozartfestivalen-2023",
      title: "Mozartfestivalen 2023",
      sources: [culture(), source("articles", "article", true)],
      blocks: [
        { kind: "poster", bindings: { title: lit("Mozartfestivalen 2023"), image: lit(img("mozart-2023")) } },
        cards("Konserter", "productions"),
        cards("Nytt fra festivalen", "articles", true),
        news(),
      ],
    },
    idSchedulePage(ctx, prng, `/${c}-animation-festival`, `${ctx.city} Animation Festival`),
    withCardList(
      idSchedulePage(ctx, prng, `/${c}-sci-fi-festival`, `${ctx.city} Sci-Fi Festival`),
      cards("Nytt fra festivalen", "articles", true),
    ),
    // 2.6 detail templates
    {
      path: "/:production",
      title: "Inner Production page",
      standard: true,
      detail: true,
      sources: [
        source("production", "production", false, [
          { property: "object", operator: "eq", value: "movie" },
          { property: "parentSlug", operator: "eq", value: "@production" },
        ]),
        source("events", "event", true, [{ property: "production.parentSlug", operator: "eq", value: "@production" }]),
      ],
      blocks: [
        {
          kind: "movie-cover",
          bindings: {
            title: bind("@parentTitle", "production"),
            image: bind("@assets[type=first_image].url | image:w=1920&h=1080&auto=compress", "production"),
            poster: bind(
              "@assets[type=first_poster].url | image:w=225&h=340&fit=crop&auto=compress&crop=faces,top",
              "production",
            ),
            summary: bind("@contents[0].summary", "production"),
            genre: bind("@properties[property=genre].value", "production"),
            duration: bind("@properties[property=length].value", "production"),
            premiere: bind("@begin", "production"),
            features: {
              binding: "@",
              source: "features",
              item: { name: bind("@value", "features"), highlight: lit("false") },
            },
          },
        },
        {
          kind: "ticket-list",
          bindings: {
            title: lit("Billetter"),
            productionTitle: bind("@parentTitle", "production"),
            tickets: { binding: "@", source: "events", item: ticketItem("events") },
          },
        },
        { ...ad("film-side"), side: true },
        {
          kind: "movie-info",
          row: 1,
          bindings: {
            title: lit("Om filmen"),
            edi: bind("@reference", "production"),
            body: bind("@contents[0].body", "production"),
            cast: bind("@properties[property=actor].value", "production"),
            director: bind("@properties[property=director].value", "production"),
            genre: bind("@properties[property=genre].value", "production"),
            duration: bind("@properties[property=length].value", "production"),
            country: bind("@properties[property=country].value", "production"),
            year: bind("@properties[property=productionYear].value", "production"),
          },
        },
        {
          kind: "movie-reviews",
          row: 1,
          bindings: { title: lit("Anmeldelser"), edi: bind("@reference", "production") },
        },
      ],
      meta: {
        title: { binding: "@title", source: "production" },
        description: { binding: "@contents[0].body", source: "production" },
        image: { binding: "@assets[type=first_image].url | image:w=1920&h=1080&auto=compress", source: "production" },
        keywords: { binding: "@features", source: "production" },
      },
    },
    {
      path: "/:culture",
      title: "Inner Culture page",
      standard: true,
      detail: true,
      sources: [
        source("production", "production", false, [
          { property: "object", operator: "eq", value: "culture" },
          { property: "pageReference", operator: "eq", value: "@culture" },
        ]),
        source("events", "event", true, [{ property: "production.pageReference", operator: "eq", value: "@culture" }]),
      ],
      blocks: [
        {
          kind: "cover",
          bindings: {
            title: bind("@parentTitle", "production"),
            image: bind("@assets[type=first_image].url | image:w=1920&h=1080&auto=compress", "production"),
          },
        },
        {
          kind: "ticket-list",
          bindings: {
            title: lit("Billetter"),
            productionTitle: bind("@parentTitle", "production"),
            tickets: { binding: "@", source: "events", item: ticketItem("events") },
          },
        },
        { ...ad("kultur-side"), side: true },
        {
          kind: "movie-info",
          row: 1,
          bindings: {
            title: lit("Om arrangementet"),
            body: bind("@contents[0].body", "production"),
            cast: bind("@properties[property=actor].value", "production"),
          },
        },
        { ...news(), row: 1 },
      ],
      meta: {
        title: { binding: "@title", source: "production" },
        description: { binding: "@contents[0].summary", source: "production" },
        image: { binding: "@assets[type=first_image].url | image:w=1920&h=1080&auto=compress", source: "production" },
      },
    },
    {
      path: "/article/:slug",
      title: "Article inner page",
      standard: true,
      sources: [source("article", "article", false, [{ property: "slug", operator: "eq", value: "@slug" }])],
      blocks: [
        {
          kind: "article",
          bindings: {
            title: bind("@title", "article"),
            content: bind("@content", "article"),
            image: bind("@image", "article"),
            author: bind("@author", "article"),
            createdAt: bind("@createdAt", "article"),
            updatedAt: bind("@updatedAt", "article"),
          },
        },
        news(),
        { kind: "cover", hide: false, bindings: { title: lit(ctx.cinemaName), image: lit(img("artikkel-cover")) } },
      ],
      meta: {
        title: { binding: `{@title} | ${ctx.city}`, source: "article" },
        image: { binding: "@image", source: "article" },
        description: { binding: "@content", source: "article" },
      },
    },
  ];
}

function titleOf(path: string): string {
  const words = path.slice(1).replace(/-pa-/g, " på ").replace(/-/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Turns the page specs into CMS pages and their block data. */
export function generatePages(ctx: PageContext, prng: Prng): { pages: Page[]; blockData: BlockData[] } {
  const pages: Page[] = [];
  const blockData: BlockData[] = [];
  for (const spec of pageSpecs(ctx, prng)) {
    const rowCount = Math.max(1, ...spec.blocks.map((b) => (b.row ?? 0) + 1));
    const rows = Array.from({ length: rowCount }, (_, index) => ({
      index,
      container: true,
      columns:
        spec.detail && index === 0
          ? [
              { index: 0, xs: span(12, 0), md: span(6, 0), lg: span(9, 0) },
              { index: 1, xs: span(12, 1), md: span(6, 1), lg: span(3, 1) },
            ]
          : [{ index: 0, xs: span(12), md: span(12), lg: span(12) }],
    }));
    const orders = new Map<string, number>();
    const blocks = spec.blocks.map((b) => {
      const row = b.row ?? 0;
      const column = b.side && spec.detail ? 1 : 0;
      const key = `${row}/${column}`;
      const order = orders.get(key) ?? 0;
      orders.set(key, order + 1);
      const id = prng.uuid();
      const dataId = `bd-${id.slice(0, 8)}`;
      blockData.push({ id: dataId, locale: "nb", bindings: b.bindings });
      return {
        id,
        component: b.kind,
        hide: b.hide ?? false,
        place: { row, column, order },
        data: [dataId],
        metadata: { properties: COMPONENTS[b.kind].properties },
      };
    });
    pages.push({
      id: prng.uuid(),
      title: spec.title,
      path: spec.path,
      layout: "page-header-footer",
      pageType: spec.standard ? "standard" : "ordinary",
      template: { rows },
      sources: spec.sources ?? [],
      blocks,
      meta: {
        data: {
          nb: spec.meta ?? {
            title: { binding: spec.title, source: null },
            description: { binding: `${spec.title} – ${ctx.cinemaName}`, source: null },
          },
          en: {},
        },
      },
    });
  }
  return { pages, blockData };
}
