/** The management API's token cache (spec 7.3, docs/data-format.md, Live APIs): shared, renewed before expiry, refreshed once per 401 burst. */
import { describe, expect, it } from "vitest";
import { TokenCache, type IssuedToken } from "../../src/fetch/index.js";

function createIssuer(expiresInS = 3600) {
  let issued = 0;
  const pending: ((token: IssuedToken) => void)[] = [];
  return {
    get issued() {
      return issued;
    },
    /** Answers token requests immediately. */
    instant: async (): Promise<IssuedToken> => ({ accessToken: `t${++issued}`, expiresInS }),
    /** Answers token requests when `release` is called. */
    deferred: () => new Promise<IssuedToken>((resolve) => pending.push(resolve)).then((t) => (issued++, t)),
    release: () => pending.splice(0).forEach((resolve, i) => resolve({ accessToken: `d${i + 1}`, expiresInS })),
  };
}

describe("TokenCache", () => {
  it("shares one token request between concurrent callers", async () => {
    const issuer = createIssuer();
    const cache = new TokenCache(issuer.deferred);
    const waiting = Promise.all(Array.from({ length: 10 }, () => cache.get()));
    issuer.release();
    expect(new Set(await waiting)).toEqual(new Set(["d1"]));
    expect(issuer.issued).toBe(1);
  });

  it("reuses the token until shortly before expiry, then renews it", async () => {
    let now = 0;
    const issuer = createIssuer(3600);
    const cache = new TokenCache(issuer.instant, () => now);
    expect(await cache.get()).toBe("t1");
    now = (3600 - 61) * 1000;
    expect(await cache.get()).toBe("t1");
    now = (3600 - 59) * 1000;
    expect(await cache.get()).toBe("t2");
    expect(issuer.issued).toBe(2);
  });

  it("keeps a tenth of a short lifetime as margin", async () => {
    let now = 0;
    const issuer = createIssuer(10);
    const cache = new TokenCache(issuer.instant, () => now);
    await cache.get();
    now = 8_900;
    expect(await cache.get()).toBe("t1");
    now = 9_100;
    expect(await cache.get()).toBe("t2");
  });

  it("refreshes a rejected token once for all callers that met the 401", async () => {
    const issuer = createIssuer();
    const cache = new TokenCache(issuer.instant);
    const first = await cache.get();
    const refreshed = await Promise.all([cache.refresh(first), cache.refresh(first), cache.refresh(first)]);
    expect(refreshed).toEqual(["t2", "t2", "t2"]);
    // A late 401 of the old token gets the newer token without another request.
    expect(await cache.refresh(first)).toBe("t2");
    expect(issuer.issued).toBe(2);
    // A 401 of the current token fetches a new one.
    expect(await cache.refresh("t2")).toBe("t3");
  });

  it("forgets a failed token request so the next caller tries again", async () => {
    let calls = 0;
    const cache = new TokenCache(async () => {
      calls++;
      if (calls === 1) throw new Error("identity provider down");
      return { accessToken: "ok", expiresInS: 60 };
    });
    await expect(Promise.all([cache.get(), cache.get()])).rejects.toThrow("identity provider down");
    expect(await cache.get()).toBe("ok");
    expect(calls).toBe(2);
  });
});
