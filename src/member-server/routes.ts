/**
 * Request routing of the local member service from the partner's own endpoint
 * configuration (spec 7.1): each endpoint key's path (the part before '?', ':name' segments
 * as wildcards) and its method. A partner that configures other paths is served on those.
 */
import type { MemberEndpointKey, MemberServiceConfig } from "../model/partner-schema.js";

/** Spec 7.1 methods; create user's is not shown in the spec: POST (docs/spec-decisions.md). */
export const MEMBER_METHODS: Record<MemberEndpointKey, "GET" | "POST"> = {
  switchTokensDx: "POST",
  login: "POST",
  createUser: "POST",
  forgotPassword: "POST",
  movieInfo: "GET",
  reviews: "GET",
  tickets: "GET",
  watchlist: "GET",
  addMovieToWatchList: "POST",
  events: "GET",
};

export interface MatchedRoute {
  key: MemberEndpointKey;
  /** The ':name' path segments' values. */
  params: Record<string, string>;
}

export type MemberRouter = (method: string, pathname: string) => MatchedRoute | undefined;

export function createMemberRouter(config: MemberServiceConfig): MemberRouter {
  const basePath = new URL(config.baseUrl).pathname.replace(/\/?$/, "/");
  const routes = (Object.entries(config.endpoints) as [MemberEndpointKey, string][]).map(([key, template]) => {
    const segments = template.split("?")[0].replace(/^\//, "").split("/");
    return { key, segments };
  });
  return (method, pathname) => {
    // Served at the root locally, whatever path the configured base URL has.
    const relative = pathname.startsWith(basePath) ? pathname.slice(basePath.length) : pathname.replace(/^\//, "");
    const parts = relative.split("/");
    for (const route of routes) {
      if (MEMBER_METHODS[route.key] !== method || route.segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      const matches = route.segments.every((segment, index) => {
        if (segment.startsWith(":")) return (params[segment.slice(1)] = decodeURIComponent(parts[index])) !== "";
        return segment.toLowerCase() === parts[index].toLowerCase();
      });
      if (matches) return { key: route.key, params };
    }
    return undefined;
  };
}
