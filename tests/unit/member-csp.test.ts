/**
 * The member service's images and the Content-Security-Policy (docs/data-format.md,
 * memberService.imageHosts): posters and QRUrl images from the service's image hosts and its
 * own origin load; an entry that could change the policy is refused when partner.json loads.
 */
import { describe, expect, it } from "vitest";
import { buildContentSecurityPolicy } from "../../src/render/content-security-policy.js";
import { PartnerConfigSchema } from "../../src/model/partner-schema.js";
import { partner, site } from "../fixtures/site-outputs/fixture.js";

const imgSrc = (policy: string) =>
  policy
    .split("; ")
    .find((directive) => directive.startsWith("img-src "))!
    .split(" ")
    .slice(1);

describe("member service images in img-src", () => {
  it("allows the configured image hosts and the service's own origin (the local service of --member-url)", () => {
    const local = {
      ...partner,
      memberService: {
        ...partner.memberService!,
        baseUrl: "http://127.0.0.1:4179/",
        imageHosts: ["https://posters.example", "https://*.cdn.example"],
      },
    };
    expect(imgSrc(buildContentSecurityPolicy(local, site))).toEqual(
      expect.arrayContaining(["http://127.0.0.1:4179", "https://posters.example", "https://*.cdn.example"]),
    );
  });

  it("adds nothing for a partner without the member service", () => {
    expect(imgSrc(buildContentSecurityPolicy({ ...partner, memberService: null }, site)).join(" ")).not.toContain(
      "medlem",
    );
  });

  it("refuses an image host that would change the policy, naming the entry", () => {
    const raw = JSON.parse(JSON.stringify(partner));
    raw.memberService.imageHosts = ["https://posters.example; script-src *"];
    const parsed = PartnerConfigSchema.safeParse(raw);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0].path).toEqual(["memberService", "imageHosts", 0]);
  });

  it("defaults to no extra hosts", () => {
    const raw = JSON.parse(JSON.stringify(partner));
    delete raw.memberService.imageHosts;
    expect(PartnerConfigSchema.parse(raw).memberService!.imageHosts).toEqual([]);
  });
});
