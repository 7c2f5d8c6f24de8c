/**
 * The member-service configuration as the browser gets it (island props) and the endpoint
 * lookup of spec 7.1: endpoints are named keys in the configuration chosen by the site's
 * first partner id (src/config/load-partner.ts), and ':name' path parameters are filled in
 * from the parameters given.
 */
import type { MemberEndpointKey } from "../../model/partner-schema.js";

export type { MemberEndpointKey };

/**
 * The paths spec 7.1 gives every instance of the member service ("the same paths on each");
 * 'create user' and 'events' have no path there, so theirs are the platform's as the partner
 * configurations name them. A page carries only the endpoints its partner configures otherwise
 * (`memberServiceProps`): ~430 bytes less on every page with a member island.
 */
export const SPEC_MEMBER_ENDPOINTS: Readonly<Record<MemberEndpointKey, string>> = {
  switchTokensDx: "api/SwitchTokensDx",
  login: "api/LoginDx",
  createUser: "api/CreateUserDx",
  forgotPassword: "api/ForgotPasswordDx",
  movieInfo: "api/GetMovieByEdiDx?edi=:edi",
  reviews: "api/GetReviewsByEdiDx?edi=:edi&skip=:skip&take=:take",
  tickets: "api/GetTicketsDx?skip=:skip&take=:take",
  watchlist: "api/GetWatchlistDx?skip=:skip&take=:take",
  addMovieToWatchList: "api/AddToWatchlistDx",
  events: "api/events/:site",
};

/** What every member island receives in its props under `service`. */
export interface MemberServiceProps {
  /** Base URL of the member service, e.g. 'https://medlem178.kinoplattform.example/'. */
  baseUrl: string;
  /** The configured endpoints that differ from SPEC_MEMBER_ENDPOINTS (absent: none do). */
  endpoints?: Partial<Record<MemberEndpointKey, string>>;
  /** The site's partner ids; the first names the events site (spec 7.1). */
  partners: number[];
}

/** The configuration's endpoints as a page carries them: those that differ from the spec's paths. */
export function endpointOverrides(
  endpoints: Readonly<Record<MemberEndpointKey, string>>,
): Partial<Record<MemberEndpointKey, string>> | undefined {
  const differing = Object.entries(endpoints).filter(
    ([key, value]) => SPEC_MEMBER_ENDPOINTS[key as MemberEndpointKey] !== value,
  );
  return differing.length > 0
    ? (Object.fromEntries(differing) as Partial<Record<MemberEndpointKey, string>>)
    : undefined;
}

/** The island kinds of the member features: not bundled for a partner without the member service. */
export const MEMBER_ISLAND_KINDS = ["my-page", "movie-info", "reviews"] as const;

const PARAMETER = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** The absolute URL of endpoint `key` with its ':name' parameters filled in (URL-encoded). */
export function memberEndpointUrl(
  service: MemberServiceProps,
  key: MemberEndpointKey,
  params: Record<string, string | number> = {},
): string {
  const template = service.endpoints?.[key] ?? SPEC_MEMBER_ENDPOINTS[key];
  if (!template) throw new Error(`member service: no endpoint '${key}' in the configuration`);
  const filled = template.replace(PARAMETER, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`member service: endpoint '${key}' needs the parameter '${name}'`);
    return encodeURIComponent(String(value));
  });
  const base = service.baseUrl.endsWith("/") ? service.baseUrl : `${service.baseUrl}/`;
  return new URL(filled, base).toString();
}
