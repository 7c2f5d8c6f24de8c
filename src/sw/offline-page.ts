/**
 * The offline page: precached by the service worker and shown for a navigation when neither
 * the network nor the page cache can answer. Self-contained (inline style, no script, no
 * images) so it works with nothing else cached. 'Prøv igjen' is a link to the current URL.
 */
import { escapeXml } from "../isomorphic/url.js";

export const OFFLINE_PAGE_PATH = "offline.html";

export interface OfflinePageOptions {
  /** Cinema name, e.g. 'Solvik kino'. */
  name: string;
  colors?: { primary: string; background: string; text: string };
  /** The site's policy for a <meta http-equiv> (metaContentSecurityPolicy), like every page's. */
  contentSecurityPolicy?: string;
}

export function renderOfflinePage({ name, colors, contentSecurityPolicy }: OfflinePageOptions): string {
  const primary = safeColor(colors?.primary, "#b3121f");
  const background = safeColor(colors?.background, "#ffffff");
  const text = safeColor(colors?.text, "#1a1a1a");
  return [
    "<!DOCTYPE html>",
    '<html lang="nb">',
    "<head>",
    '<meta charset="utf-8">',
    ...(contentSecurityPolicy
      ? [`<meta http-equiv="Content-Security-Policy" content="${escapeXml(contentSecurityPolicy)}">`]
      : []),
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    // No favicon request while offline: it could only fail.
    '<link rel="icon" href="data:,">',
    `<title>Uten nett – ${escapeXml(name)}</title>`,
    `<style>body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:${background};color:${text};display:flex;min-height:100vh;align-items:center;justify-content:center;text-align:center}main{max-width:32rem;padding:2rem}h1{font-size:1.6rem;margin:0 0 1rem}a{display:inline-block;margin:.5rem;padding:.6rem 1.2rem;border-radius:4px;background:${primary};color:#fff;text-decoration:none}a.secondary{background:transparent;color:${primary};border:1px solid ${primary}}</style>`,
    "</head>",
    "<body>",
    "<main>",
    "<h1>Du er uten nett</h1>",
    `<p>Denne siden fra ${escapeXml(name)} er ikke lagret på enheten din ennå. Sider du har besøkt før, kan du fortsatt åpne. Sjekk internettforbindelsen og prøv igjen.</p>`,
    '<p><a href="">Prøv igjen</a><a class="secondary" href="/">Til forsiden</a></p>',
    "</main>",
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

/** Theme colours go into CSS: only plain hex, rgb() or names, nothing that could end the rule. */
function safeColor(value: string | undefined, fallback: string): string {
  return value && /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]+)$/i.test(value.trim()) ? value.trim() : fallback;
}
