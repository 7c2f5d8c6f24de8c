import { z } from "zod";
import { PageSchema } from "./page.js";

/** Header or footer menu item (spec 3.2). The menu is a tree through `parent` ('' = top level). */
export const MenuItemSchema = z.looseObject({
  id: z.string().min(1),
  path: z.string(),
  parent: z.string(),
  label: z.string().min(1),
  place: z.enum(["header", "footer"]),
  locale: z.string(),
  order: z.number(),
  /** Absent or null: the same window. */
  openInNewWindow: z.preprocess((value) => value ?? false, z.boolean()),
});
export type MenuItem = z.infer<typeof MenuItemSchema>;

export const FooterItemSchema = z.looseObject({
  type: z.enum(["title", "link", "text", "html"]),
  value: z.string(),
  href: z.string().nullable().optional(),
  order: z.number(),
  /** Not in the spec: opens a link item in a new window. */
  openInNewWindow: z.boolean().optional(),
});
export type FooterItem = z.infer<typeof FooterItemSchema>;

export const FooterColumnSchema = z.looseObject({
  title: z.string(),
  locale: z.string(),
  order: z.number(),
  items: z.array(FooterItemSchema),
});
export type FooterColumn = z.infer<typeof FooterColumnSchema>;

/** Store badge shown in the header/footer (spec 1: badges linking to the mobile app stores). */
export const AppBadgeSchema = z.looseObject({
  store: z.enum(["app-store", "google-play"]),
  href: z.string().url(),
  label: z.string(),
});

export const ThemeSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  variant: z.string(),
  train: z.string(),
  logo: z.string(),
  logoAlt: z.string(),
  favicon: z.string(),
  search: z.looseObject({ enabled: z.boolean(), submitPath: z.string() }),
  language: z.looseObject({ enabled: z.boolean(), submitPath: z.string(), languageIcon: z.string().nullable() }),
  menu: z.array(MenuItemSchema),
  footer: z.array(FooterColumnSchema),
  /** Not in the spec: brand colours for the stylesheet and the web app manifest. */
  colors: z.looseObject({ primary: z.string(), background: z.string(), text: z.string() }).optional(),
  /** Not in the spec: the cinema-club logo and app-store badges of spec 1. */
  clubLogo: z.looseObject({ src: z.string(), alt: z.string(), href: z.string().nullable() }).optional(),
  appBadges: z.array(AppBadgeSchema).optional(),
});
export type Theme = z.infer<typeof ThemeSchema>;

export const LocaleSchema = z.looseObject({
  available: z.array(z.string()),
  enabled: z.array(z.string()),
  default: z.string(),
});

/** A redirect table entry (spec 2.1). */
export const RedirectSchema = z.looseObject({
  fromPath: z.string().startsWith("/"),
  toPath: z.string().min(1),
});
export type Redirect = z.infer<typeof RedirectSchema>;

/** Not in the spec: the cinema's postal address, used in structured data. */
export const AddressSchema = z.looseObject({
  name: z.string(),
  street: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
  phone: z.string().optional(),
  email: z.string().optional(),
});

/** The site record returned by `sites/{siteId}` (spec 3.2). */
export const SiteSchema = z.looseObject({
  id: z.number().int(),
  title: z.string(),
  host: z.string(),
  aliases: z.array(z.string()),
  partners: z.array(z.number().int()).min(1),
  published: z.boolean(),
  stage: z.string(),
  skeleton: z.looseObject({ version: z.string() }),
  repository: z.string(),
  trackingId: z.string().nullable(),
  pixelId: z.string().nullable(),
  locale: LocaleSchema,
  activeLocale: z.string(),
  preferredLanguage: z.string(),
  theme: ThemeSchema,
  pages: z.array(PageSchema),
  /** Decision (docs/data-format.md): the redirect table travels with the site record. */
  redirects: z.array(RedirectSchema),
  address: AddressSchema.optional(),
});
export type Site = z.infer<typeof SiteSchema>;
