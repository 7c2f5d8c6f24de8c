/**
 * The newsletter island posts the news-subscribe form with fetch, so the policy names the
 * form's origin in connect-src as well as form-action (docs/spec-decisions.md, client).
 */
import { describe, expect, it } from "vitest";
import { buildContentSecurityPolicy } from "../../src/render/content-security-policy.js";
import { partner, site } from "../fixtures/render/fixture.js";

const directive = (policy: string, name: string) => policy.split("; ").find((d) => d.startsWith(`${name} `)) ?? "";

describe("newsletter endpoints in the policy", () => {
  it("names the form origins in connect-src and form-action, and nothing that is not an origin", () => {
    const policy = buildContentSecurityPolicy(
      partner,
      site,
      [],
      [],
      ["https://nyhetsbrev.example", "https://x.example;sandbox"],
    );
    expect(directive(policy, "connect-src")).toContain("https://nyhetsbrev.example");
    expect(directive(policy, "form-action")).toContain("https://nyhetsbrev.example");
    expect(policy).not.toContain("sandbox");
  });
});
