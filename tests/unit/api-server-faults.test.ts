/** The local API server's fault plan and its endpoints' routing (docs/data-format.md, Live APIs). */
import { describe, expect, it } from "vitest";
import { FaultInjector, replaceAtPath } from "../../src/api-server/faults.js";
import { describeFaultForms, FaultSpecError, parseFaultSpec } from "../../src/api-server/fault-spec.js";
import { matchEndpoint } from "../../src/api-server/snapshot-bodies.js";

describe("FaultInjector", () => {
  it("fires a rule `times` times, then passes", () => {
    const faults = new FaultInjector([{ endpoint: "events", kind: "status", status: 500, times: 2 }]);
    expect([1, 2, 3].map(() => faults.take("events")?.kind)).toEqual(["status", "status", undefined]);
    expect(faults.take("site")).toBeUndefined();
  });

  it("'*' covers the data endpoints but not the token endpoint", () => {
    const faults = new FaultInjector([{ endpoint: "*", kind: "unauthorized" }]);
    expect(faults.take("articles")?.kind).toBe("unauthorized");
    expect(faults.take("token")).toBeUndefined();
  });

  it("tries the rules in order", () => {
    const faults = new FaultInjector([
      { endpoint: "site", kind: "slow", delayMs: 10, times: 1 },
      { endpoint: "site", kind: "malformed-json" },
    ]);
    expect([faults.take("site")?.kind, faults.take("site")?.kind]).toEqual(["slow", "malformed-json"]);
  });

  it("knows how many of the first tokens to reject", () => {
    const faults = new FaultInjector([{ endpoint: "blockData", kind: "reject-token", tokens: 2 }]);
    expect(faults.rejectedTokenCount("blockData")).toBe(2);
    expect(faults.rejectedTokenCount("articles")).toBe(0);
  });
});

describe("replaceAtPath", () => {
  it("changes a copy, not the served body", () => {
    const body = { events: [{ ticketSales: [{ available: 3 }] }] };
    const changed = replaceAtPath(body, ["events", 0, "ticketSales", 0, "available"], "3") as typeof body;
    expect(changed.events[0].ticketSales[0].available).toBe("3");
    expect(body.events[0].ticketSales[0].available).toBe(3);
  });
});

describe("matchEndpoint", () => {
  it("routes the platform's paths for the partner's site only", () => {
    expect(matchEndpoint("GET", "/sites/178", 178)).toBe("site");
    expect(matchEndpoint("GET", "/sites/178/events", 178)).toBe("events");
    expect(matchEndpoint("GET", "/site/178/block-data", 178)).toBe("blockData");
    expect(matchEndpoint("GET", "/site/178/article", 178)).toBe("articles");
    expect(matchEndpoint("POST", "/oauth/token", 178)).toBe("token");
    expect(matchEndpoint("GET", "/sites/118", 178)).toBeUndefined();
    expect(matchEndpoint("POST", "/sites/178", 178)).toBeUndefined();
  });
});

describe("parseFaultSpec (api-server --fault, docs/data-format.md, One base URL and the local API server)", () => {
  it("reads the forms the help lists", () => {
    expect(parseFaultSpec("401-once")).toEqual({ endpoint: "*", times: 1, kind: "unauthorized" });
    expect(parseFaultSpec("slow=3000")).toEqual({ endpoint: "*", kind: "slow", delayMs: 3000 });
    expect(parseFaultSpec("events:503x2")).toEqual({ endpoint: "events", times: 2, kind: "status", status: 503 });
    expect(parseFaultSpec("429=5")).toEqual({ endpoint: "*", kind: "rate-limit", retryAfter: 5 });
    expect(parseFaultSpec("token:500")).toEqual({ endpoint: "token", kind: "status", status: 500 });
    expect(parseFaultSpec("blockData:revoke-tokens=1")).toEqual({
      endpoint: "blockData",
      kind: "reject-token",
      tokens: 1,
    });
    expect(parseFaultSpec("articles:cut-body-once")).toEqual({
      endpoint: "articles",
      times: 1,
      kind: "malformed-json",
    });
    expect(parseFaultSpec("events:wrong-type=events.0.begin")).toEqual({
      endpoint: "events",
      kind: "wrong-type",
      path: ["events", 0, "begin"],
      value: 12345,
    });
    expect(parseFaultSpec('events:wrong-type=events.0.begin:"x"')).toMatchObject({
      path: ["events", 0, "begin"],
      value: "x",
    });
  });

  it("refuses what it does not know, naming the forms", () => {
    expect(() => parseFaultSpec("sloww=3000")).toThrow(/unknown fault 'sloww=3000'; forms: 500, 503/);
    expect(() => parseFaultSpec("event:500")).toThrow(/unknown endpoint 'event'.*did|unknown endpoint 'event'/);
    expect(() => parseFaultSpec("slow")).toThrow(FaultSpecError);
    expect(() => parseFaultSpec("500x0")).toThrow(/count must be 1 or more/);
  });

  it("the help text lists every form", () => {
    const help = describeFaultForms();
    for (const form of [
      "401",
      "slow=ms",
      "429[=seconds]",
      "cut-body",
      "revoke-tokens=N",
      "wrong-type=path[:json]",
      "-once",
      "xN",
    ])
      expect(help).toContain(form);
  });
});
