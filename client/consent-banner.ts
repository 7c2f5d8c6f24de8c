/**
 * The consent banner (client/consent.ts decides when): a labelled region at the foot of the
 * screen, in Norwegian, with two equal choices and a link to the cookie information page
 * (spec 2.4). Not a modal dialog: the page stays usable while it is open.
 */

/** A visitor's answer; client/consent.ts stores it. */
export type ConsentChoice = "granted" | "denied";

export const COOKIE_INFO_PATH = "/article/info-om-cookies";
const BANNER_ID = "samtykke";

export function showConsentBanner(choose: (choice: ConsentChoice) => void, focus = false): void {
  document.getElementById(BANNER_ID)?.remove();
  const banner = document.createElement("section");
  banner.id = BANNER_ID;
  banner.className = "consent";
  banner.setAttribute("aria-labelledby", `${BANNER_ID}-tittel`);
  banner.innerHTML =
    `<h2 id="${BANNER_ID}-tittel" class="consent__title">Informasjonskapsler</h2>` +
    `<p class="consent__text">Vi vil gjerne bruke informasjonskapsler til statistikk og markedsføring. Vi gjør det bare hvis du godtar. <a href="${COOKIE_INFO_PATH}">Les mer om informasjonskapsler</a></p>` +
    '<div class="consent__actions"><button type="button" class="button" data-choice="granted">Godta alle</button>' +
    '<button type="button" class="button button--ghost" data-choice="denied">Bare nødvendige</button></div>';
  // Keyboard focus on the page never stays hidden under the banner (WCAG 2.4.11).
  const uncover = (event: FocusEvent) => {
    const hidden = (event.target as Element).getBoundingClientRect().bottom - banner.getBoundingClientRect().top;
    if (!banner.contains(event.target as Node) && hidden > 0) scrollBy({ top: hidden + 16, behavior: "instant" });
  };
  addEventListener("focusin", uncover);
  banner.addEventListener("click", (event) => {
    const choice = (event.target as Element)
      .closest("[data-choice]")
      ?.getAttribute("data-choice") as ConsentChoice | null;
    if (!choice) return;
    removeEventListener("focusin", uncover);
    banner.remove();
    choose(choice);
  });
  document.body.append(banner);
  if (focus) banner.querySelector("button")?.focus();
}
