import { z } from "zod";
import { cspSourceProblem } from "../shared/csp-source.js";

/** An ad server script URL: https, or http on a loopback host; no credentials (it is public). */
function isAdScriptUrl(value: string): boolean {
  const url = new URL(value);
  if (url.username !== "" || url.password !== "") return false;
  return url.protocol === "https:" || (url.protocol === "http:" && /^(127\.0\.0\.1|localhost)$/.test(url.hostname));
}

/** One host of the Content-Security-Policy (src/shared/csp-source.ts). */
const CspHostSchema = z.string().superRefine((value, ctx) => {
  const problem = cspSourceProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/**
 * Authentication of one API configuration (spec 6). Credentials are never stored here: the
 * config names the environment variables that hold them.
 */
export const AuthSchema = z.discriminatedUnion("mode", [
  z.object({ mode: z.literal("none") }),
  z.object({
    mode: z.literal("basic_auth"),
    usernameEnv: z.string().min(1),
    passwordEnv: z.string().min(1),
  }),
  z.object({
    mode: z.literal("auth0"),
    /** Identity provider's token endpoint (client-credentials grant). */
    tokenUrl: z.string().url(),
    audience: z.string().min(1),
    clientIdEnv: z.string().min(1),
    clientSecretEnv: z.string().min(1),
  }),
]);
export type AuthConfig = z.infer<typeof AuthSchema>;

export const ApiConfigSchema = z.object({
  baseUrl: z.string().url(),
  /** Kept as an unknown string so that an unsupported mode fails with the spec's message. */
  auth: z.union([AuthSchema, z.object({ mode: z.string() }).loose()]),
});

/** Member-service endpoint keys (spec 7.1). Path parameters are written ':name'. */
export const MEMBER_ENDPOINT_KEYS = [
  "switchTokensDx",
  "login",
  "createUser",
  "forgotPassword",
  "movieInfo",
  "reviews",
  "tickets",
  "watchlist",
  "addMovieToWatchList",
  "events",
] as const;
export type MemberEndpointKey = (typeof MEMBER_ENDPOINT_KEYS)[number];

export const MemberServiceSchema = z.object({
  baseUrl: z.string().url(),
  endpoints: z.object(
    Object.fromEntries(MEMBER_ENDPOINT_KEYS.map((key) => [key, z.string().min(1)])) as Record<
      MemberEndpointKey,
      z.ZodString
    >,
  ),
  /**
   * Hosts the member service's images come from besides its own origin (posters of tickets
   * and the watch list, a ticket's QRUrl; spec 3.1): the CSP's img-src allows them
   * (docs/data-format.md). https host sources, as contentSecurity's.
   */
  imageHosts: z.array(CspHostSchema).default([]),
});
export type MemberServiceConfig = z.infer<typeof MemberServiceSchema>;

/** partners/<id>/partner.json */
export const PartnerConfigSchema = z.object({
  /** This partner's id (tenant). */
  partner: z.number().int().positive(),
  /** Site number at the platform. */
  siteId: z.number().int().positive(),
  /** Partner ids of the site; the first selects the member-service configuration (spec 1, 9). */
  partners: z.array(z.number().int().positive()).min(1),
  /** Cinema name, for example 'Solvik kino'. */
  name: z.string().min(1),
  /** City name, used in page titles (spec 2.6 article meta) and the {city} pages. */
  city: z.string().min(1),
  /** Public site URL used for canonical links and the sitemap, no trailing slash. */
  siteUrl: z.string().url(),
  publicApi: ApiConfigSchema,
  managementApi: ApiConfigSchema.extend({ stable: z.string().default("1") }),
  /** null when the partner cinema does not have the member service. */
  memberService: MemberServiceSchema.nullable(),
  ticketing: z.object({
    host: z.string().url(),
    cinemaId: z.string().min(1),
    /** `kanal` query parameter of outbound purchase links (spec 7.5): 'dxf'. */
    channel: z.string().min(1),
    loginPath: z.string().min(1),
  }),
  /**
   * The public, credential-less base URL the browser reads live seat counts from
   * (`sites/{site}/basic_events`, spec 7.2; docs/spec-decisions.md "Live programme"): a proxy
   * of the public data API that needs no credentials. null: the live programme keeps the
   * build-time counts (it still follows the clock).
   */
  liveData: z
    .object({
      url: z
        .string()
        .url()
        .refine((value) => {
          const url = new URL(value);
          return url.username === "" && url.password === "";
        }, "must not carry credentials: the page is public"),
    })
    .nullable()
    .default(null),
  imageCdn: z.object({ host: z.string().url(), cinemaId: z.string().min(1) }),
  /**
   * The ad server that fills the ad slots (spec 3.3, 3.5 "Ad block": the adnuntius block's
   * desktop and mobile placement ids), loaded only after the visitor's consent, only on pages
   * with slots (client/ad-slots.ts); its script's origin joins the CSP's script-src. null: the
   * slots stay collapsed. docs/data-format.md "adServer".
   */
  adServer: z
    .object({
      /** The ad server's script: https, or http on a loopback host (a local stand-in). */
      script: z
        .string()
        .url()
        .refine(
          isAdScriptUrl,
          "expected an https URL (or http on 127.0.0.1 or localhost for a local stand-in), without credentials",
        ),
      /** The ad server's network id (Adnuntius: the network the placements belong to). */
      network: z
        .string()
        .min(1)
        .regex(/^[\w.-]+$/, "expected letters, digits, '.', '_' or '-'"),
    })
    .nullable()
    .default(null),
  analytics: z.object({ trackingId: z.string().nullable(), pixelId: z.string().nullable() }),
  /**
   * Host names (no scheme) an absolute redirect target may name besides the site's own host
   * and the ticketing host (docs/security.md: a redirect never sends a visitor to an arbitrary site).
   */
  redirectHosts: z
    .array(
      z
        .string()
        .regex(
          /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/,
          "expected a host name like 'www.example.no'",
        ),
    )
    .default([]),
  /**
   * Accessibility and special showings the partner names (docs/data-format.md "accessibility";
   * docs/spec-decisions.md "Programme filters"): `adFlags` labels ad-flag codes the platform's
   * advertisementFlagsView does not ('subtitled_hoh': 'Teksting for hørselshemmede'); `halls`
   * gives each hall (the showing's location name) the words every showing there carries
   * ('Rullestolplasser: 4'). Both become labelled views of the showings' ad flags at validate,
   * so the programme shows them as words and filters by them.
   */
  accessibility: z
    .object({
      adFlags: z.record(z.string().min(1), z.string().trim().min(1)).default({}),
      halls: z.record(z.string().min(1), z.array(z.string().trim().min(1))).default({}),
    })
    .default({ adFlags: {}, halls: {} }),
  /**
   * Extra hosts the Content-Security-Policy must allow (third-party scripts, video embeds).
   * scriptHosts are also the only hosts the footer html item may load scripts from (spec 2.7,
   * src/render/footer-html.ts). Each entry is an https host source ('https://cdn.example',
   * 'https://*.example'); anything that could change the policy is refused (docs/security.md).
   */
  contentSecurity: z
    .object({
      scriptHosts: z.array(CspHostSchema).default([]),
      frameHosts: z.array(CspHostSchema).default([]),
      connectHosts: z.array(CspHostSchema).default([]),
    })
    .default({ scriptHosts: [], frameHosts: [], connectHosts: [] }),
});
export type PartnerConfig = z.infer<typeof PartnerConfigSchema>;
