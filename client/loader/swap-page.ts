/**
 * Puts a loaded page on screen without a reload (spec 2.1): header and footer stay, <main> is
 * replaced by the new page's, the islands of the old content are unmounted and the new ones
 * mounted, the head (title, description, keywords, canonical, OpenGraph, JSON-LD) follows the
 * new page, and focus moves to the new content with the title announced to screen readers.
 */
import type { PageData } from "../../src/isomorphic/page-data-contract.js";

/** The islands runtime, passed in so this chunk shares no module with the boot script. */
export interface IslandHooks {
  mount(root: ParentNode): void;
  unmount(root: ParentNode): void;
}

const MAIN = "main";
const ANNOUNCER_ID = "sidelaster-kunngjoring";

/** The new <main>, or null when the HTML has none to swap in (a 'Layout' failure). */
export function swapPage(data: PageData, html: string, islands: IslandHooks): HTMLElement | null {
  const incoming = new DOMParser().parseFromString(html, "text/html");
  const next = incoming.querySelector<HTMLElement>(MAIN);
  const current = document.querySelector<HTMLElement>(MAIN);
  if (!next || !current) return null;
  islands.unmount(current);
  const adopted = document.adoptNode(next);
  current.replaceWith(adopted);
  copyBodyData(incoming.body);
  updateHead(data, incoming);
  markCurrentLinks(data.path);
  closeMenus();
  islands.mount(adopted);
  return adopted;
}

/** Focus the new content (main has tabindex=-1) and announce the page by its title. */
export function focusAndAnnounce(main: HTMLElement, title: string): void {
  main.focus({ preventScroll: true });
  const announcer = document.getElementById(ANNOUNCER_ID) ?? createAnnouncer();
  // Emptied first so the same title twice in a row is still read out.
  announcer.textContent = "";
  setTimeout(() => (announcer.textContent = title), 50);
}

function createAnnouncer(): HTMLElement {
  const element = document.createElement("div");
  element.id = ANNOUNCER_ID;
  element.className = "visually-hidden";
  element.setAttribute("aria-live", "polite");
  element.setAttribute("aria-atomic", "true");
  document.body.append(element);
  return element;
}

function copyBodyData(body: HTMLElement): void {
  for (const { name, value } of Array.from(body.attributes))
    if (name.startsWith("data-")) document.body.setAttribute(name, value);
}

/**
 * The head follows the new page: its <title> from the page data, and the tags the renderer
 * writes per page (description, keywords, robots, canonical, OpenGraph, Twitter, JSON-LD)
 * taken over from the fetched HTML as they are, so they can never differ from a full load.
 */
const PER_PAGE_HEAD =
  'meta[name]:not([name="viewport"]):not([name="theme-color"]),meta[property],link[rel="canonical"],script[type="application/ld+json"]';

function updateHead(data: PageData, incoming: Document): void {
  document.title = data.title;
  for (const old of document.head.querySelectorAll(PER_PAGE_HEAD)) old.remove();
  for (const tag of incoming.head.querySelectorAll(PER_PAGE_HEAD)) document.head.append(document.adoptNode(tag));
}

function markCurrentLinks(path: string): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>("header a[href], footer a[href]")) {
    const same = link.origin === location.origin && link.pathname.replace(/\/+$/, "") === path.replace(/\/+$/, "");
    if (same) link.setAttribute("aria-current", "page");
    else if (link.getAttribute("aria-current") === "page") link.removeAttribute("aria-current");
  }
}

/** The menu groups (<details>) and the mobile menu's switch: a navigation closes them, as a reload would. */
function closeMenus(): void {
  for (const details of document.querySelectorAll<HTMLDetailsElement>("header details[open]")) details.open = false;
  for (const toggle of document.querySelectorAll<HTMLInputElement>("header input.menu-switch:checked"))
    toggle.checked = false;
}
