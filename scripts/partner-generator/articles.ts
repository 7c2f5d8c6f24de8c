import type { Article } from "../../src/model/index.js";
import type { Prng } from "./prng.js";
import { addDays, epochMs } from "./local-time.js";
import { slugify } from "./slug.js";
import { FIRST_NAMES, LAST_NAMES } from "./words.js";

const TOPICS = [
  "Nytt lydanlegg i Sal 1",
  "Ny publikumsrekord i høstferien",
  "Kinoen vant pris for beste kinoopplevelse",
  "Filmprek: Møt regissøren etter visningen",
  "Jentekveld med bobler og premierefilm",
  "Strikkekino hver onsdag",
  "Babykino: bli med babyen på kino",
  "Seniorkino med kaffe og kake",
  "Ølsmaking og film",
  "Nattkino: maraton fra 00:01",
  "Barnas superkino i vinterferien",
  "Skolekino for alle trinn",
  "Filmklubben starter opp igjen",
  "Nye laserprojektorer i alle saler",
  "Premierehelg med overraskelser",
  "Teselskap for de minste",
  "Nordisk filmdag på Solvik kino",
  "Polske filmdager kommer tilbake",
  "Julekino for hele familien",
  "Sommerkino i parken",
];

const video =
  '<p><iframe width="560" height="315" src="https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ" title="Trailer" allowfullscreen></iframe></p>';

export function generateArticles(prng: Prng, count: number, today: string, imageCdn: string): Article[] {
  const fixed = [
    {
      title: "Personvernerklæring",
      slug: "personvernerklaering",
      content:
        '<h2>Personvernerklæring</h2><p>Solvik kino behandler personopplysninger i tråd med personopplysningsloven. Vi lagrer kun det som trengs for å levere billetter og medlemstjenester.</p><h3>Dine rettigheter</h3><ul><li>Innsyn</li><li>Retting</li><li>Sletting</li></ul><p>Spørsmål kan sendes til <a href="mailto:post@solvikkino.no">post@solvikkino.no</a>.</p>',
    },
    {
      title: "Info om cookies",
      slug: "info-om-cookies",
      content:
        "<h2>Informasjonskapsler</h2><p>Vi bruker informasjonskapsler (cookies) for innlogging, statistikk og for å huske valgene dine.</p><table><tr><th>Navn</th><th>Formål</th></tr><tr><td>cw-profile-new</td><td>Innlogging</td></tr><tr><td>_ga</td><td>Statistikk</td></tr></table>",
    },
  ];
  const articles: Article[] = [];
  for (let i = 0; i < count; i += 1) {
    const fixedOne = fixed[i];
    const topic = TOPICS[i % TOPICS.length];
    const title = fixedOne?.title ?? (i >= TOPICS.length ? `${topic} (${Math.floor(i / TOPICS.length) + 1})` : topic);
    const created = epochMs(addDays(today, -prng.int(1, 400)));
    const image = `${imageCdn}/artikkel-${i + 1}.jpg`;
    let content =
      fixedOne?.content ??
      `<p>${title}. Velkommen til <a href="/kinoprogram">Solvik kino</a> – se hele programmet vårt.</p><p><img src="${image}" alt="${title}"></p>${i % 3 === 0 ? video : ""}<p>Billetter kjøper du på nett eller i kiosken.</p>`;
    // One article carries a script, as CMS content sometimes does: the sanitiser must drop it.
    if (i === 5) content += "<script>alert('xss')</script>";
    articles.push({
      id: prng.uuid(),
      category: "article",
      title,
      slug: fixedOne?.slug ?? slugify(title),
      content,
      image,
      thumbnail: `${image}?w=400`,
      author: `${prng.pick(FIRST_NAMES)} ${prng.pick(LAST_NAMES)}`,
      node_locale: "nb",
      createdAt: created,
      updatedAt: created + prng.int(0, 5) * 86_400_000,
      order: 0,
    });
  }
  return articles;
}
