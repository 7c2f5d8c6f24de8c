/** `cinema-build lint --source api`: editors can check a partner's live data as well. */
import { describe, expect, it } from "vitest";
import { startApiServer } from "../../src/api-server/index.js";
import { lintPartner } from "../../src/lint/index.js";
import { REPO_PARTNERS } from "../fixtures/api/partners.js";

describe("lint from the live APIs", () => {
  it("lints the data the API serves, and reports a broken API answer as findings", async () => {
    const server = await startApiServer({ partnersDir: REPO_PARTNERS, partner: 178, env: {} });
    try {
      const clean = await lintPartner({
        partner: "178",
        partnersDir: REPO_PARTNERS,
        source: "api",
        apiUrl: server.url,
      });
      expect(clean.findings).toEqual([]);
    } finally {
      await server.close();
    }
    const broken = await startApiServer({
      partnersDir: REPO_PARTNERS,
      partner: 178,
      env: {},
      faults: [{ endpoint: "events", kind: "wrong-type", path: ["productions", 2, "title"], value: 42 }],
    });
    try {
      const result = await lintPartner({
        partner: "178",
        partnersDir: REPO_PARTNERS,
        source: "api",
        apiUrl: broken.url,
      });
      expect(result.errors).toBeGreaterThan(0);
      expect(JSON.stringify(result.findings)).toContain("/events");
    } finally {
      await broken.close();
    }
  });
});
