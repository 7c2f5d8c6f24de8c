/**
 * partner.json's adServer (spec 3.3; docs/data-format.md "adServer"): its script's origin joins
 * the CSP's script-src only when configured, the body names it for client/ad-slots.ts only
 * then, and the script must be https (http only on a loopback host, for a local stand-in).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "node-html-parser";
import { describe, expect, it } from "vitest";
import { PartnerConfigSchema } from "../../src/model/partner-schema.js";
import { buildContentSecurityPolicy } from "../../src/emit/headers.js";
import { partner, site } from "../fixtures/site-outputs/fixture.js";
import { block, page, renderer, route } from "../fixtures/render/fixture.js";

const AD_SERVER = { script: "https://cdn.adnuntius.example/adn.js", network: "solvik" };
const scriptSrc = (csp: string) =>
  csp
    .split("; ")
    .find((d) => d.startsWith("script-src "))!
    .split(" ");

describe("adServer in partner.json", () => {
  it("accepts an https script or a loopback http one; refuses other http and credentials", async () => {
    const config = JSON.parse(await readFile(path.resolve("partners/178/partner.json"), "utf8"));
    const parse = (adServer: unknown) => PartnerConfigSchema.safeParse({ ...config, adServer }).success;
    expect(PartnerConfigSchema.parse(config).adServer).toBeNull();
    expect(parse(AD_SERVER)).toBe(true);
    expect(parse({ ...AD_SERVER, script: "http://127.0.0.1:4555/adn.js" })).toBe(true);
    expect(parse({ ...AD_SERVER, script: "http://cdn.adnuntius.example/adn.js" })).toBe(false);
    expect(parse({ ...AD_SERVER, script: "https://user:pw@cdn.adnuntius.example/adn.js" })).toBe(false);
    expect(parse({ ...AD_SERVER, network: "a b;" })).toBe(false);
  });

  it("adds the script's origin to script-src only when configured", () => {
    expect(scriptSrc(buildContentSecurityPolicy(partner, site))).not.toContain("https://cdn.adnuntius.example");
    expect(scriptSrc(buildContentSecurityPolicy({ ...partner, adServer: AD_SERVER }, site))).toContain(
      "https://cdn.adnuntius.example",
    );
  });

  it("names the ad server on the body only when configured, and keeps the slots collapsed in the HTML", () => {
    const adPage = page([block("adnuntius", { id: "topp-desktop", mobileId: "topp-mobile" })], { path: "/kommende" });
    const without = parse(renderer().render(adPage, route("/kommende")));
    expect(without.querySelector("body")!.getAttribute("data-ad-script")).toBeUndefined();
    const html = parse(renderer({ partner: { ...partner, adServer: AD_SERVER } }).render(adPage, route("/kommende")));
    const body = html.querySelector("body")!;
    expect([body.getAttribute("data-ad-script"), body.getAttribute("data-ad-network")]).toEqual([
      AD_SERVER.script,
      AD_SERVER.network,
    ]);
    const slot = html.querySelector(".ad-slot")!;
    expect([
      slot.getAttribute("data-ad-id"),
      slot.getAttribute("data-ad-mobile-id"),
      slot.hasAttribute("hidden"),
    ]).toEqual(["topp-desktop", "topp-mobile", true]);
  });
});

describe("the ad slots' start after consent", () => {
  it("listens for the page loader's event and logs with its bundle message", async () => {
    const { AD_BUNDLE_MESSAGE, AD_PAGE_EVENT } = await import("../../client/ad-start.js");
    const { MESSAGES, PAGE_LOADED_EVENT } = await import("../../client/loader/constants.js");
    expect([AD_PAGE_EVENT, AD_BUNDLE_MESSAGE]).toEqual([PAGE_LOADED_EVENT, MESSAGES.bundle]);
  });
});
