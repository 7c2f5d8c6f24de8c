import type { MenuItem, Redirect } from "../../src/model/index.js";

export interface SiteOptions {
  partner: number;
  name: string;
  city: string;
  host: string;
  imageCdn: string;
  citySlug: string;
}

const link = (path: string, label: string) => ({ path, label });

/** The header menu: the five groups of spec 2.7 with every internal path listed there. */
export function buildMenu(o: SiteOptions): MenuItem[] {
  const groups: { label: string; items: { path: string; label: string; external?: boolean; newWindow?: boolean }[] }[] =
    [
      {
        label: "Filmoversikt",
        items: [
          link("/", "Forside"),
          link("/kinoprogram", "Kinoprogram"),
          link("/kommende", "Kommende filmer"),
          link("/priser-og-rabatter/", "Priser og rabatter"),
          link("/aldersgrenser", "Aldersgrenser"),
          link("/gavekort-pa-kino/", "Gavekort"),
        ],
      },
      {
        label: "Kultur",
        items: [
          link("/kulturprogram", "Kulturprogram"),
          link("/eventer", "Arrangementer"),
          link(`/${o.citySlug}-animation-festival`, "Animasjonsfestival"),
          { path: "https://www.solvikkulturhus.example", label: "Solvik kulturhus", external: true, newWindow: true },
        ],
      },
      {
        label: "Arrangementer",
        items: [
          link("/film-i-dagslys", "Film i dagslys"),
          link("/film-i-kveldslys/", "Film i kveldslys"),
          link("/filmprek", "Filmprek"),
          link("/den-store-kinodagen", "Den store kinodagen"),
          link("/nordic-docs", "Nordic Docs"),
          link("/polske-filmdager", "Polske filmdager"),
          link("/mozartfestivalen-2023", "Mozartfestivalen"),
        ],
      },
      {
        label: "Filmopplevelser",
        items: [
          link("/babykino", "Babykino"),
          link("/pensjonistkino", "Seniorkino"),
          link("/strikkekino", "Strikkekino"),
          link("/jentekveld", "Jentekveld"),
          link("/bursdag-pa-kino", "Bursdag på kino"),
          link("/skolekino", "Skolekino"),
          link("/varmestua-kino", "Varmestua-kino"),
        ],
      },
      {
        label: "Bedrift",
        items: [
          link("/lei-en-kinosal", "Lei en kinosal"),
          link("/kinoreklame", "Kinoreklame"),
          link("/bedriftsvisninger", "Bedriftsvisninger"),
          link("/selg-billetter-via-oss", "Selg billetter via oss"),
          { path: "https://www.filmweb.example/bransje", label: "Bransjeinfo", external: true },
        ],
      },
    ];
  const items: MenuItem[] = [];
  groups.forEach((group, g) => {
    const id = `menu-${g + 1}`;
    items.push({
      id,
      path: "",
      parent: "",
      label: group.label,
      place: "header",
      locale: "nb",
      order: g,
      openInNewWindow: false,
    });
    group.items.forEach((item, i) =>
      items.push({
        id: `${id}-${i + 1}`,
        path: item.path,
        parent: id,
        label: item.label,
        place: "header",
        locale: "nb",
        order: i,
        openInNewWindow: item.newWindow ?? false,
      }),
    );
  });
  const footer = [
    { path: "/article/personvernerklaering", label: "Personvernerklæring", newWindow: false },
    { path: "/article/info-om-cookies", label: "Informasjonskapsler", newWindow: false },
    { path: "https://uustatus.example/erklaringer/solvik-kino", label: "Tilgjengelighetserklæring", newWindow: true },
  ];
  footer.forEach((item, i) =>
    items.push({
      id: `footer-${i + 1}`,
      path: item.path,
      parent: "",
      label: item.label,
      place: "footer",
      locale: "nb",
      order: i,
      openInNewWindow: item.newWindow,
    }),
  );
  return items;
}

export function buildFooter() {
  const item = (
    type: "title" | "link" | "text" | "html",
    value: string,
    order: number,
    href: string | null = null,
  ) => ({ type, value, href, order });
  return [
    {
      title: "Om kinoen",
      locale: "nb",
      order: 0,
      items: [
        item("link", "Om kinoen", 0, "/om-kinoen/"),
        item("link", "Aldersgrenser", 1, "/aldersgrenser"),
        item("link", "Ledsagerbevis", 2, "/ledsagerbevis"),
        item("link", "Priser og rabatter", 3, "/priser-og-rabatter/"),
      ],
    },
    {
      title: "Nyttige lenker",
      locale: "nb",
      order: 1,
      items: [
        item("link", "Kjøp gavekort", 0, "https://gavekort.kinoplattform.example/solvik"),
        item("link", "Sluttdatoer", 1, "https://www.filmweb.example/sluttdatoer"),
        item("link", "Meld deg på nyhetsbrevet", 2, "https://nyhetsbrev.example/solvik-kino"),
      ],
    },
    {
      title: "Åpningstider",
      locale: "nb",
      order: 2,
      items: [
        item("text", "Mandag–torsdag 11:00–21:00", 0),
        item("text", "Fredag 11:00–22:30", 1),
        item("text", "Lørdag 11:00–22:30", 2),
        item("text", "Søndag 11:00–21:00", 3),
        item(
          "html",
          '<script async src="https://cdn.linkmarketing.example/deeplink.js" data-partner="solvik"></script>',
          4,
        ),
      ],
    },
  ];
}

export function buildRedirects(citySlug: string): Redirect[] {
  return [
    { fromPath: "/priser-og-rabatter/", toPath: "/priser-og-rabatter" },
    { fromPath: "/gavekort-pa-kino/", toPath: "/gavekort-pa-kino" },
    { fromPath: "/om-kinoen/", toPath: "/om-kinoen" },
    { fromPath: "/film-i-kveldslys/", toPath: "/film-i-kveldslys" },
    { fromPath: "/ringenes-herre", toPath: "/ringenes-herre-maraton" },
    { fromPath: "/hunger-games", toPath: "/hunger-games-maraton" },
    { fromPath: "/article-personvernerklaering", toPath: "/article/personvernerklaering" },
    { fromPath: "/article-info-om-cookies", toPath: "/article/info-om-cookies" },
    { fromPath: "/program", toPath: "/kinoprogram" },
    { fromPath: `/paske-pa-kino`, toPath: `/paske-pa-${citySlug}-kino` },
  ];
}
