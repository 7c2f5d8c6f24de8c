/**
 * The browser half of `cinema-build dev` (served at /__dev/client.js, never in a deployed
 * site): listens to the dev server's events, reloads after a rebuild, swaps the stylesheet
 * without a navigation, and shows a rebuild error as an overlay with the same text the
 * terminal printed. The last good page stays usable under the overlay.
 */
import { DEV_EVENTS_URL, type DevEvent } from "../../src/isomorphic/dev-protocol.js";

const OVERLAY_ID = "cinema-build-dev-overlay";

function connect(): void {
  const events = new EventSource(DEV_EVENTS_URL);
  events.onmessage = (message) => handle(JSON.parse(message.data) as DevEvent);
}

function handle(event: DevEvent): void {
  if (event.type === "reload") {
    if (!event.pages || event.pages.includes(location.pathname.replace(/(.)\/$/, "$1"))) location.reload();
  } else if (event.type === "css") swapStylesheet(event.href);
  else if (event.type === "error") showOverlay(event.message);
  else hideOverlay();
}

/** A new <link> loads beside the old one and replaces it once loaded: no flash of unstyled page. */
function swapStylesheet(href: string): void {
  hideOverlay();
  const old = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
  const next = document.createElement("link");
  next.rel = "stylesheet";
  next.href = `${href}?v=${Date.now()}`;
  next.addEventListener("load", () => old?.remove(), { once: true });
  (old?.parentNode ?? document.head).insertBefore(next, old?.nextSibling ?? null);
}

function showOverlay(message: string): void {
  let host = document.getElementById(OVERLAY_ID);
  if (!host) {
    host = document.createElement("div");
    host.id = OVERLAY_ID;
    // Shadow DOM: the site's stylesheet cannot hide or restyle the overlay.
    const shadow = host.attachShadow({ mode: "open" });
    shadow.innerHTML = `<style>
      .box{position:fixed;inset:auto 0 0 0;max-height:60vh;overflow:auto;z-index:2147483647;margin:0;padding:1rem 1.25rem;
        background:#1d1f24;color:#f5f5f5;border-top:4px solid #e5484d;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace;box-shadow:0 -8px 24px rgb(0 0 0/.4)}
      h2{margin:0 0 .5rem;font:600 15px/1.4 system-ui,sans-serif;color:#ff9592}
      pre{margin:0;white-space:pre-wrap;word-break:break-word}
      button{float:right;font:inherit;background:none;color:inherit;border:1px solid #888;border-radius:4px;padding:.25rem .6rem;cursor:pointer}
    </style><div class="box" role="alert"><button type="button">Lukk</button><h2>cinema-build dev: ombyggingen feilet (siste fungerende versjon vises)</h2><pre></pre></div>`;
    shadow.querySelector("button")?.addEventListener("click", hideOverlay);
    document.body.append(host);
  }
  const pre = host.shadowRoot?.querySelector("pre");
  if (pre) pre.textContent = message;
}

function hideOverlay(): void {
  document.getElementById(OVERLAY_ID)?.remove();
}

connect();
