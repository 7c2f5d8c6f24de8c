/**
 * The member-service configuration as the browser gets it (island props) and the endpoint
 * lookup of spec 7.1: endpoints are named keys in the configuration chosen by the site's
 * first partner id (src/config/load-partner.ts), and ':name' path parameters are filled in
 * from the parameters given.
 */
import type { MemberEndpointKey } from "../../src/config/partner-schema.js";

export type { MemberEndpointKey };

/** What every member island receives in its props under `service`. */
export interface MemberServiceProps {
  /** Base URL of the member service, e.g. 'https://medlem178.kinoplattform.example/'. */
  baseUrl: string;
  endpoints: Record<MemberEndpointKey, string>;
  /** The site's partner ids; the first names the events site (spec 7.1). */
  partners: number[];
}

/** The island kinds of the member features: not bundled for a partner without the member service. */
export const MEMBER_ISLAND_KINDS = ["my-page", "movie-info", "reviews"] as const;

const PARAMETER = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** The absolute URL of endpoint `key` with its ':name' parameters filled in (URL-encoded). */
export function memberEndpointUrl(service: MemberServiceProps, key: MemberEndpointKey, params: Record<string, string | number> = {}): string {
  const template = service.endpoints[key];
  if (!template) throw new Error(`member service: no endpoint '${key}' in the configuration`);
  const filled = template.replace(PARAMETER, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`member service: endpoint '${key}' needs the parameter '${name}'`);
    return encodeURIComponent(String(value));
  });
  const base = service.baseUrl.endsWith("/") ? service.baseUrl : `${service.baseUrl}/`;
  return new URL(filled, base).toString();
}
