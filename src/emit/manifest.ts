/**
 * manifest.webmanifest: lets the site be installed and gives the service worker's offline
 * use a name and colours. Icons come from the theme; size and type are guessed from the
 * file name where the CMS gives no more (the W3C manifest lets both be omitted).
 */
import type { PartnerConfig } from "../model/partner-schema.js";
import type { Site } from "../model/index.js";
import type { OutputFile } from "../model/output-file.js";

export interface WebAppManifestIcon {
  src: string;
  sizes?: string;
  type?: string;
  purpose?: string;
}

export interface WebAppManifest {
  name: string;
  short_name: string;
  description?: string;
  lang: "nb";
  dir: "ltr";
  start_url: "/";
  scope: "/";
  display: "standalone";
  theme_color?: string;
  background_color?: string;
  icons: WebAppManifestIcon[];
}

export function buildWebAppManifest(site: Site, partner: PartnerConfig): WebAppManifest {
  const name = partner.name || site.title;
  const icons = unique([site.theme.favicon, site.theme.logo]).filter(Boolean).map(iconOf);
  return {
    name,
    short_name: shortName(name),
    lang: "nb",
    dir: "ltr",
    start_url: "/",
    scope: "/",
    display: "standalone",
    ...(site.theme.colors
      ? { theme_color: site.theme.colors.primary, background_color: site.theme.colors.background }
      : {}),
    icons,
  };
}

export function planWebAppManifest(site: Site, partner: PartnerConfig): OutputFile {
  return { path: "manifest.webmanifest", contents: `${JSON.stringify(buildWebAppManifest(site, partner), null, 2)}\n` };
}

/** Home-screen labels are cut at about 12 characters; 'Solvik kino' fits, longer names drop words. */
function shortName(name: string): string {
  if (name.length <= 12) return name;
  const first = name.split(/\s+/)[0];
  return first.length <= 12 ? first : first.slice(0, 12);
}

const TYPES: Record<string, string> = {
  png: "image/png",
  svg: "image/svg+xml",
  ico: "image/x-icon",
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
};

function iconOf(src: string): WebAppManifestIcon {
  const pathname = src.replace(/[?#].*$/, "");
  const extension = /\.([a-z0-9]+)$/i.exec(pathname)?.[1]?.toLowerCase() ?? "";
  const type = TYPES[extension];
  const size = /(?:^|[^0-9])(\d{2,4})x(\d{2,4})(?:[^0-9]|$)/.exec(pathname) ?? /[?&]w=(\d{2,4})&h=(\d{2,4})/.exec(src);
  const sizes = extension === "svg" ? "any" : size ? `${size[1]}x${size[2]}` : undefined;
  return { src, ...(sizes ? { sizes } : {}), ...(type ? { type } : {}) };
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
