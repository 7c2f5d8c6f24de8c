/**
 * The member-service props every member island gets (src/isomorphic/member/service.ts): the
 * configuration chosen by the site's first partner id (spec 1, 9) and the partner list, or
 * null when the partner has no member service: then no member island, so no member JS. The
 * endpoints travel only where they differ from the spec's paths (src/isomorphic/member/service.ts).
 */
import { endpointOverrides, type MemberServiceProps } from "../../src/isomorphic/member/service.js";
import type { SiteView } from "../context.js";

export function memberServiceProps(site: SiteView): MemberServiceProps | null {
  if (!site.memberService) return null;
  const endpoints = endpointOverrides(site.memberService.endpoints);
  return { baseUrl: site.memberService.baseUrl, ...(endpoints ? { endpoints } : {}), partners: site.partner.partners };
}

/** The member page's path (spec 2.3). */
export const MY_PAGE_PATH = "/min-side";
