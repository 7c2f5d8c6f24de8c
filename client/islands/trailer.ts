/**
 * The trailer facade's player (templates/ui/trailer.tsx; docs/spec-decisions.md, "Trailers"): an
 * island without React. The islands runtime loads it when the facade comes into view; a click
 * on the play link then frames the player in place instead of following the link. Nothing from
 * YouTube or Vimeo is asked for before that click. After the site's consent
 * (client/consent.ts: "Godta alle") the player is framed at once; without it the facade asks in
 * place, for this video only: play it here, or open it at the provider (a plain link).
 */
import type { IslandMount } from "../../src/isomorphic/island-contract.js";
import { readConsent } from "../consent-choice.js";

const mount: IslandMount = (facade) => {
  const onClick = (event: MouseEvent) => {
    const play = (event.target as Element).closest(".trailer__play");
    if (!play || event.button || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    playTrailer(facade, readConsent() === "granted");
  };
  facade.addEventListener("click", onClick);
  return () => facade.removeEventListener("click", onClick);
};
export default mount;

/** Plays the trailer of a facade: its player framed in place of the frame, or first the question. */
function playTrailer(facade: HTMLElement, consented: boolean): void {
  const link = facade.querySelector<HTMLAnchorElement>(".trailer__play")!;
  const host = /vimeo/.test(facade.dataset.trailer!) ? "Vimeo" : "YouTube";
  const title = link.getAttribute("aria-label")!.replace(/^Spill av trailer: /, "");
  if (consented || facade.dataset.asked) {
    delete facade.dataset.asked;
    const frame = document.createElement("iframe");
    frame.src = facade.dataset.trailer!;
    frame.title = `Trailer: ${title}`;
    frame.allow = "autoplay; encrypted-media; fullscreen; picture-in-picture";
    frame.allowFullscreen = true;
    frame.className = "trailer__player";
    facade.replaceChildren(frame);
    frame.focus();
    return;
  }
  facade.dataset.asked = "1";
  const question = document.createElement("div");
  question.className = "trailer__ask";
  question.setAttribute("role", "group");
  question.setAttribute("aria-label", `Trailer: ${title}`);
  question.innerHTML =
    `<p>Traileren spilles av fra ${host}, som da får vite at du ser den og kan bruke informasjonskapsler.</p>` +
    '<p class="trailer__choices"><button type="button" class="button">Spill av her</button> ' +
    `<a class="button button--ghost" rel="noopener" target="_blank">Åpne på ${host}</a></p>`;
  question.querySelector("a")!.href = link.href;
  question.querySelector("button")!.addEventListener("click", () => playTrailer(facade, true));
  facade.append(question);
  question.querySelector("button")!.focus();
}
