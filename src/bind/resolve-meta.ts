import { BuildError, type ErrorLocation } from "../errors/index.js";
import type { PartnerConfig } from "../model/partner-schema.js";
import { META_FIELDS, type Binding, type Page, type ResolvedMeta } from "../model/index.js";
import { evaluateBinding, type BindingEnv } from "./evaluate-binding.js";
import { textOf } from "./evaluate-expression.js";
import { stripHtml, truncateText } from "../render/html-text.js";

/** Meta descriptions are cut at a word boundary to this many characters. */
const META_DESCRIPTION_MAX = 160;

/**
 * The page meta for one locale (spec 3.3 "Page meta"): title (default: the page title),
 * description as plain text of at most 160 characters, keywords with a list joined by ', ',
 * image as an absolute URL, facebookVerificationCode. Errors are collected, not thrown.
 */
export function resolveMeta(
  page: Page,
  locale: string,
  partner: PartnerConfig,
  env: BindingEnv,
  location: ErrorLocation,
  errors: BuildError[],
): ResolvedMeta {
  const bindings = (page.meta.data[locale] ?? {}) as Partial<Record<(typeof META_FIELDS)[number], Binding>>;
  const read = (field: (typeof META_FIELDS)[number]): string | null => {
    const bound = bindings[field];
    if (!bound) return null;
    try {
      const text = textOf(
        evaluateBinding(bound, [], env, () => ({
          ...location,
          field: `meta.data.${locale}.${field}`,
          expression: bound.binding ?? undefined,
        })),
      );
      return text === null || text.trim() === "" ? null : text;
    } catch (error) {
      if (!(error instanceof BuildError)) throw error;
      errors.push(error);
      return null;
    }
  };
  const description = read("description");
  const image = read("image");
  return {
    locale,
    title: stripHtml(read("title") ?? page.title, env.memos),
    description: description === null ? "" : truncateText(stripHtml(description, env.memos), META_DESCRIPTION_MAX),
    keywords: read("keywords") ?? "",
    image: image === null ? null : absoluteImageUrl(image.trim(), partner),
    facebookVerificationCode: read("facebookVerificationCode"),
  };
}

/**
 * An absolute image URL: an absolute URL as it is, '//host/…' on https, '/path' on the site's
 * URL, and a bare file name on the image CDN ({host}/{cinemaId}/{file}, spec 7.6).
 */
function absoluteImageUrl(url: string, partner: PartnerConfig): string {
  if (/^https?:\/\//i.test(url)) return url;
  if (url.startsWith("//")) return `https:${url}`;
  if (url.startsWith("/")) return `${partner.siteUrl.replace(/\/+$/, "")}${url}`;
  return `${partner.imageCdn.host.replace(/\/+$/, "")}/${partner.imageCdn.cinemaId}/${url}`;
}
