/**
 * The member features in Chromium (docs/member.md): the built site of partner 178 pointed at the
 * local member service (build --member-url), served like a static host. Login with a wrong
 * password and clearing the error, login storing 'cw-profile-new', signup, the reset's sent
 * and failed states, tickets whose QR codes decode back to their qrCode (jsQR over the
 * rendered pixels) with seats by row, the watch list from a film page to /min-side, a review
 * carrying a script shown as text, each endpoint failing (spec 8), and partner 4242 without
 * the member service shipping no member JS. Screenshots under test-results/screens/member-*.
 */
import { mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import jsQRModule from "jsqr";
import { type Browser, type BrowserContext, type Page } from "playwright-core";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/build.js";
import { readSnapshot } from "../../src/fetch/index.js";
import { loadPartner } from "../../src/config/index.js";
import { HOSTILE_COMMENT, SEED_MEMBER, startMemberServer, type MemberServer } from "../../src/member-server/index.js";
import { buildSeed, type MemberSeed } from "../../src/member-server/seed.js";
import { startTestHost, type TestHost } from "../helpers/static-server.js";
import { axeViolations, describeBrowser, launchChromium, SKIP_BROWSER_TESTS } from "../helpers/chromium.js";

const SHOTS = path.resolve("test-results/screens");
// jsqr is CommonJS whose typings describe an ES default export; under Node's interop both are the function.
const jsQR = ((jsQRModule as unknown as { default?: typeof jsQRModule }).default ?? jsQRModule) as unknown as (
  data: Uint8ClampedArray,
  width: number,
  height: number,
) => { data: string } | null;

let root: string;
let member: MemberServer;
let host: TestHost;
let browser: Browser;
let seed: MemberSeed;
/** A film page with reviews (the hostile one) and a film not on the seeded watch list. */
let reviewedFilm: { path: string; edi: string };

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "cb-member-e2e-"));
  member = await startMemberServer({ partner: "178", partnersDir: path.resolve("partners") });
  await build({
    partner: "178",
    partnersDir: path.resolve("partners"),
    source: "snapshot",
    out: path.join(root, "178"),
    memberUrl: member.url,
  });
  host = await startTestHost(path.join(root, "178"));
  const loaded = await loadPartner(path.resolve("partners"), "178");
  seed = buildSeed((await readSnapshot(path.resolve("partners/178/snapshot"), loaded.config)).events.productions, 178);
  const edi = [...seed.reviews].find(([, reviews]) => reviews.some((review) => review.Comment === HOSTILE_COMMENT))![0];
  reviewedFilm = { edi, path: seed.movies.get(edi)!.link! };
  await mkdir(SHOTS, { recursive: true });
  if (!SKIP_BROWSER_TESTS) browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await member?.close();
  await rm(root, { recursive: true, force: true });
});

interface Tab {
  tab: Page;
  context: BrowserContext;
  problems: string[];
  consoleErrors: string[];
  close: () => Promise<void>;
}

async function openTab(width = 1280): Promise<Tab> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, serviceWorkers: "block" });
  // A consent choice made earlier: the banner would cover what these tests read and photograph.
  await context.addInitScript(() => localStorage.setItem("cinema-consent", "denied"));
  // The partner's image CDN fails in the browser's resolver; images are not what these tests are about.
  const tab = await context.newPage();
  const problems: string[] = [];
  const consoleErrors: string[] = [];
  tab.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  tab.on("console", (message) => {
    if (message.type() !== "error") return;
    if (message.text().startsWith("Failed to load resource")) return;
    consoleErrors.push(message.text());
  });
  return { tab, context, problems, consoleErrors, close: () => context.close() };
}

async function logInOnMyPage(
  tab: Page,
  email: string = SEED_MEMBER.email,
  password: string = SEED_MEMBER.password,
): Promise<void> {
  await tab.goto(`${host.url}/min-side`);
  const form = tab.locator(".my-page .member-form");
  await form.getByLabel("E-post").fill(email);
  await form.getByLabel("Passord").fill(password);
  await form.getByRole("button", { name: "Logg inn" }).click();
}

async function shoot(tab: Page, name: string): Promise<void> {
  await tab.screenshot({ path: path.join(SHOTS, `member-${name}.png`), fullPage: true });
}

describeBrowser("member features in chromium", () => {
  it("a wrong password shows an error, clearing it works, and a login stores 'cw-profile-new'", async () => {
    const { tab, problems, close } = await openTab(375);
    await tab.goto(`${host.url}/min-side`);
    await tab.locator(".member-panel").waitFor();
    await shoot(tab, "min-side-logged-out-375");
    expect(await axeViolations(tab)).toEqual([]);
    await logInOnMyPage(tab, SEED_MEMBER.email, "feil-passord");
    const alert = tab.locator(".my-page .member-form [role=alert]");
    await expect.poll(() => alert.innerText()).toContain("Feil e-post eller passord");
    await tab.getByRole("button", { name: "Skjul feilmeldingen" }).click();
    await expect.poll(() => alert.innerText()).toBe("");
    await tab.locator(".my-page .member-form").getByLabel("Passord").fill(SEED_MEMBER.password);
    await tab.locator(".my-page .member-form").getByRole("button", { name: "Logg inn" }).click();
    await tab.getByRole("heading", { name: `Hei, ${SEED_MEMBER.userName}` }).waitFor();
    const stored = JSON.parse((await tab.evaluate(() => localStorage.getItem("cw-profile-new")))!);
    expect(stored).toEqual({ userName: SEED_MEMBER.userName, email: SEED_MEMBER.email, token: expect.any(String) });
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(problems).toEqual([]);
    await close();
  });

  it("a lapsed session asks for a new login on /min-side, and the login there brings the tickets back", async () => {
    const { tab, problems, close } = await openTab(375);
    await logInOnMyPage(tab);
    await tab.locator(".ticket-card").first().waitFor();
    // The service forgets the session (its cookie gone); the stored profile stays.
    await tab.context().clearCookies();
    await tab.reload();
    const relogin = tab.locator(".member-area__relogin");
    await expect
      .poll(() => relogin.locator("p[role=alert]").first().innerText(), { timeout: 10_000 })
      .toContain("Økten din er utløpt");
    await relogin.getByLabel("E-post").fill(SEED_MEMBER.email);
    await relogin.getByLabel("Passord").fill(SEED_MEMBER.password);
    await relogin.getByRole("button", { name: "Logg inn" }).click();
    await tab.locator(".ticket-card").first().waitFor({ timeout: 10_000 });
    expect(await relogin.count()).toBe(0);
    expect(problems).toEqual([]);
    await close();
  });

  it("shows my tickets with QR codes that decode back to the ticket's qrCode, and seats by row", async () => {
    for (const width of [375, 1280]) {
      const { tab, problems, close } = await openTab(width);
      await logInOnMyPage(tab);
      await tab.locator(".ticket-card .qr-code").first().waitFor();
      await tab.locator(".watch-list__item").first().waitFor();
      await shoot(tab, `min-side-logged-in-${width}`);
      expect(await axeViolations(tab)).toEqual([]);
      const codes = seed.members[0].tickets.map((ticket) => ticket.QRCode);
      const cards = tab.locator(".ticket-card");
      expect(await cards.count()).toBe(codes.length);
      for (let index = 0; index < codes.length; index++) {
        const png = PNG.sync.read(await cards.nth(index).locator(".qr-code").first().screenshot());
        expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(codes[index]);
      }
      const rows = await cards.first().locator(".ticket-card__rows li").allInnerTexts();
      expect(rows).toEqual(["Rad 7: seter 11 og 12", "Rad 8: seter 11 og 12"]);
      await expect.poll(() => cards.first().locator("time").first().innerText()).toBe("lørdag 28. november kl. 19:00");
      // Full screen: a modal dialog with the large code, closed again by its button.
      await cards.first().getByRole("button", { name: "Vis QR-kode i fullskjerm" }).click();
      const dialog = tab.locator(".qr-dialog[open]");
      await dialog.waitFor();
      const big = PNG.sync.read(await dialog.locator(".qr-code").screenshot());
      // Large enough to scan at the door: most of a phone's width, 320 px on a wide screen.
      expect(big.width).toBeGreaterThanOrEqual(width < 600 ? 280 : 320);
      expect(jsQR(new Uint8ClampedArray(big.data), big.width, big.height)?.data).toBe(codes[0]);
      await dialog.getByRole("button", { name: "Lukk" }).click();
      expect(await tab.locator(".qr-dialog[open]").count()).toBe(0);
      expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(problems).toEqual([]);
      await close();
    }
  });

  it("opens the login from the header's 'Min side / Logg inn' and signs up a new member", async () => {
    const { tab, close } = await openTab();
    await tab.goto(`${host.url}${reviewedFilm.path}`);
    await tab.getByRole("link", { name: "Min side / Logg inn" }).click();
    await tab.waitForURL(/\/min-side#logg-inn$/);
    await expect.poll(() => tab.evaluate(() => document.activeElement?.textContent)).toBe("Logg inn");
    await shoot(tab, "min-side-logged-out-1280");
    await tab.getByRole("button", { name: "Ny her? Opprett konto" }).click();
    const form = tab.locator(".my-page .member-form");
    await form.getByLabel("E-post").fill("ingrid@example.no");
    await form.getByLabel("Navn").fill("Ingrid");
    await form.getByLabel("Passord").fill("kinokveld");
    await form.getByRole("button", { name: "Opprett konto" }).click();
    await tab.getByRole("heading", { name: "Hei, Ingrid" }).waitFor();
    await tab.getByText("Du har ingen billetter ennå.").waitFor();
    expect(JSON.parse((await tab.evaluate(() => localStorage.getItem("cw-profile-new")))!)).toMatchObject({
      userName: "Ingrid",
      email: "ingrid@example.no",
    });
    await close();
  });

  it("forgot password shows the sent state, and a failing reset shows the error", async () => {
    const { tab, close } = await openTab();
    await tab.goto(`${host.url}/min-side`);
    await tab.getByRole("button", { name: "Glemt passord?" }).click();
    expect(await tab.evaluate(() => document.activeElement?.textContent)).toBe("Glemt passord");
    await tab.locator(".my-page .member-form").getByLabel("E-post").fill(SEED_MEMBER.email);
    await tab.getByRole("button", { name: "Send e-post" }).click();
    await tab.getByText("E-post sendt.").waitFor();
    await tab.getByRole("button", { name: "Tilbake til innlogging" }).click();
    await tab.getByRole("button", { name: "Glemt passord?" }).click();
    member.setFault("forgotPassword", { kind: "fail" });
    try {
      await tab.locator(".my-page .member-form").getByLabel("E-post").fill(SEED_MEMBER.email);
      await tab.getByRole("button", { name: "Send e-post" }).click();
      await expect
        .poll(() => tab.locator(".my-page [role=alert]").innerText())
        .toContain("får ikke kontakt med medlemstjenesten");
    } finally {
      member.setFault("forgotPassword", null);
    }
    // An unknown email is the spec's other failure: 200 with a body.
    await tab.locator(".my-page .member-form").getByLabel("E-post").fill("ukjent@example.no");
    await tab.getByRole("button", { name: "Send e-post" }).click();
    await expect.poll(() => tab.locator(".my-page [role=alert]").innerText()).toContain("Fant ingen konto");
    await close();
  });

  it("adds a film to the watch list from its film page (login in a dialog) and shows it on /min-side after navigating there", async () => {
    const { tab, problems, close } = await openTab();
    const movie = seed.movies.get(reviewedFilm.edi)!;
    await tab.goto(`${host.url}${reviewedFilm.path}`);
    await tab.locator(".member-rating__count").waitFor();
    expect(await tab.locator(".member-rating").innerText()).toContain(`(${movie.RatingCount} vurderinger)`);
    await tab.getByRole("button", { name: "Legg til i min liste" }).click();
    const dialog = tab.locator("dialog.member-dialog[open]");
    await dialog.getByLabel("E-post").fill(SEED_MEMBER.email);
    await dialog.getByLabel("Passord").fill(SEED_MEMBER.password);
    await dialog.getByRole("button", { name: "Logg inn" }).click();
    await tab.getByText("Lagt til i").waitFor();
    expect(await tab.locator("dialog.member-dialog[open]").count()).toBe(0);
    // Through the header link: a client-side navigation by the page loader (docs/page-loader.md);
    // the list on /min-side holds the film, linked to its page.
    await tab.evaluate(() => ((window as { __sameDocument?: boolean }).__sameDocument = true));
    await tab.locator(".member-menu a").click();
    await tab.waitForURL(/\/min-side/);
    const link = tab.locator(".watch-list").getByRole("link", { name: movie.Title });
    await link.waitFor();
    expect(await link.getAttribute("href")).toBe(reviewedFilm.path);
    // The page loader swapped the page in the same document: the store (and the login) carried over.
    expect(await tab.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(problems).toEqual([]);
    await close();
  });

  it("shows a review carrying a script tag as text and runs nothing; film page screenshots", async () => {
    for (const width of [375, 1280]) {
      const { tab, problems, close } = await openTab(width);
      await tab.goto(`${host.url}${reviewedFilm.path}`);
      await tab.locator(".movie-reviews").scrollIntoViewIfNeeded();
      await tab.locator(".review-list").waitFor();
      expect(await tab.locator(".review__comment").allInnerTexts()).toContain(HOSTILE_COMMENT);
      // The island's props script (a JSON data block, never run) is the only script there.
      expect(
        await tab.locator('.movie-reviews script:not([type="application/json"]), .movie-reviews img[onerror]').count(),
      ).toBe(0);
      expect(await tab.locator(".review__name").allInnerTexts()).toContain("<b>Per</b>");
      expect(await tab.evaluate(() => (window as { __memberXss?: number }).__memberXss)).toBeUndefined();
      expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await shoot(tab, `film-with-reviews-${width}`);
      expect(await axeViolations(tab)).toEqual([]);
      // Purchase links on the film page carry kanal=dxf exactly once (spec 7.5).
      for (const href of await tab
        .locator(".showtime > a")
        .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href))) {
        expect(new URL(href).searchParams.getAll("kanal")).toEqual(["dxf"]);
      }
      expect(problems).toEqual([]);
      await close();
    }
  });

  it("keeps the page usable when each member endpoint fails (spec 8)", async () => {
    const { tab, problems, consoleErrors, close } = await openTab();
    try {
      member.setFault("movieInfo", { kind: "fail" });
      member.setFault("reviews", { kind: "malformed" });
      await tab.goto(`${host.url}${reviewedFilm.path}`);
      await tab.locator(".movie-reviews").scrollIntoViewIfNeeded();
      // Reviews: the error is kept and shown with a retry; movie info: console only, no rating, no button.
      await expect
        .poll(() => tab.locator(".movie-reviews [role=alert]").innerText())
        .toContain("Vi kunne ikke hente anmeldelsene");
      await expect.poll(() => consoleErrors.some((text) => text.includes("movie info failed"))).toBe(true);
      expect(await tab.locator(".member-rating").innerText()).toBe("");
      member.clearFaults();
      await tab.locator(".movie-reviews").getByRole("button", { name: "Prøv igjen" }).click();
      await tab.locator(".review-list").waitFor();

      // Login answering 500: the user error says the service is unreachable; the form stays usable.
      member.setFault("login", { kind: "fail" });
      await logInOnMyPage(tab);
      await expect.poll(() => tab.locator(".my-page [role=alert]").innerText()).toContain("får ikke kontakt");
      member.setFault("login", null);

      // Tickets failing, watch list malformed, events failing: sections show their errors, the rest works.
      member.setFault("tickets", { kind: "fail" });
      member.setFault("watchlist", { kind: "malformed" });
      member.setFault("events", { kind: "fail" });
      await tab.locator(".my-page .member-form").getByRole("button", { name: "Logg inn" }).click();
      await tab.getByRole("heading", { name: `Hei, ${SEED_MEMBER.userName}` }).waitFor();
      await expect
        .poll(() => tab.locator(".member-section [role=alert] p").allInnerTexts())
        .toEqual([
          "Vi kunne ikke hente billettene dine akkurat nå. Prøv igjen om litt.",
          "Vi kunne ikke hente listen din akkurat nå. Prøv igjen om litt.",
        ]);
      await expect.poll(() => consoleErrors.includes("Failed to fetch")).toBe(true);
      member.clearFaults();
      await tab.locator(".member-section").first().getByRole("button", { name: "Prøv igjen" }).click();
      await tab.locator(".ticket-card").first().waitFor();

      // Add-to-watch-list failing: console only, the button says it did not work and stays usable.
      member.setFault("addMovieToWatchList", { kind: "fail" });
      const unlisted = [...seed.movies.values()].find(
        (movie) => !seed.members[0].watchList.includes(movie.MovieId) && movie.link !== reviewedFilm.path,
      )!;
      await tab.goto(`${host.url}${unlisted.link}`);
      await tab.getByRole("button", { name: "Legg til i min liste" }).click();
      await tab.getByText("Filmen ble ikke lagt til").waitFor();
      expect(await tab.getByRole("button", { name: "Legg til i min liste" }).isEnabled()).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      member.clearFaults();
      await close();
    }
  });
});

describe("the built files", () => {
  it("point the site at --member-url: island props and the CSP's connect-src", async () => {
    const headers = await readFile(path.join(root, "178", "_headers"), "utf8");
    const origin = new URL(member.url).origin;
    expect(headers).toMatch(new RegExp(`connect-src [^;\\n]*${origin.replace(/[.:/]/g, "\\$&")}`));
    expect(headers).not.toContain("medlem178.kinoplattform.example");
    const html = await readFile(path.join(root, "178", "min-side", "index.html"), "utf8");
    // Island props are JSON scripts (docs/islands.md); the member service is one page-wide value.
    expect(html).toContain(`"baseUrl":"${member.url}"`);
    // A host that applies `_headers` (the default profile) gets no <meta> policy besides it
    // (docs/security.md, "Content-Security-Policy"): the header above is the page's only policy.
    expect(html).not.toContain('http-equiv="Content-Security-Policy"');
  });

  it("ships no member JS and no member UI (fixture partner 4242)", async () => {
    const out = path.join(root, "4242");
    await build({ partner: "4242", partnersDir: path.resolve("tests/fixtures/partners"), source: "snapshot", out });
    const files = await readdir(out, { recursive: true });
    expect(files).toContain("index.html");
    const scripts = files.filter((file) => file.endsWith(".js"));
    expect(scripts.some((file) => /island-(my-page|movie-info|reviews)\./.test(file))).toBe(false);
    for (const file of scripts) {
      const text = await readFile(path.join(out, file), "utf8");
      expect(text, file).not.toContain("cw-profile-new");
      expect(text, file).not.toContain("GetTicketsDx");
    }
    for (const file of files.filter((name) => name.endsWith(".html"))) {
      const html = await readFile(path.join(out, file), "utf8");
      expect(html, file).not.toMatch(/data-island="(my-page|movie-info|reviews)"/);
      expect(html, file).not.toContain('href="/min-side');
    }
  });
});
