/** Authenticators per mode (spec 6): headers, variables named by partner.json, the exact unsupported-mode message. */
import { Agent } from "undici";
import { afterAll, describe, expect, it } from "vitest";
import { BuildError } from "../../src/errors/index.js";
import { createAuthenticator, DEFAULT_RETRY_POLICY, DEV_CREDENTIALS } from "../../src/fetch/index.js";

const dispatcher = new Agent();
afterAll(() => dispatcher.close());
const context = (env: Record<string, string | undefined>, allowDevDefaults = false) => ({
  env,
  allowDevDefaults,
  partner: 178,
  send: { dispatcher, policy: DEFAULT_RETRY_POLICY, partner: 178 },
});
const basic = { mode: "basic_auth", usernameEnv: "U", passwordEnv: "P" } as const;
const auth0 = {
  mode: "auth0",
  tokenUrl: "https://id.example/oauth/token",
  audience: "https://api.example/",
  clientIdEnv: "CID",
  clientSecretEnv: "CSECRET",
} as const;

describe("createAuthenticator", () => {
  it("none adds no header and cannot refresh", async () => {
    const auth = createAuthenticator("publicApi", { mode: "none" }, context({}));
    expect(await auth.authorize()).toEqual({ headers: {} });
    expect(await auth.refresh(undefined)).toBe(false);
  });

  it("basic_auth builds the header from the named variables", async () => {
    const auth = createAuthenticator("publicApi", basic, context({ U: "alice", P: "s3cret:x" }));
    expect((await auth.authorize()).headers).toEqual({
      authorization: `Basic ${Buffer.from("alice:s3cret:x").toString("base64")}`,
    });
    expect(await auth.refresh(undefined)).toBe(false);
  });

  it("basic_auth without the variables names the missing one", () => {
    expect(() => createAuthenticator("publicApi", basic, context({ U: "alice" }))).toThrow(
      /^environment variable P is not set$/,
    );
    expect(() => createAuthenticator("publicApi", basic, context({ U: "alice", P: "" }))).toThrow(BuildError);
  });

  it("falls back on the development credentials only when allowed (--api-url)", async () => {
    const auth = createAuthenticator("publicApi", basic, context({}, true));
    const expected = Buffer.from(`${DEV_CREDENTIALS.username}:${DEV_CREDENTIALS.password}`).toString("base64");
    expect((await auth.authorize()).headers.authorization).toBe(`Basic ${expected}`);
  });

  it("auth0 needs both client variables", () => {
    expect(() => createAuthenticator("managementApi", auth0, context({ CID: "id" }))).toThrow(
      "environment variable CSECRET is not set",
    );
  });

  it.each(["oauth1", "bearer", "BASIC_AUTH", ""])("mode %j fails with exactly the spec's message", (mode) => {
    let caught: unknown;
    try {
      createAuthenticator("managementApi", { mode } as never, context({}));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(BuildError);
    expect((caught as BuildError).message).toBe(`API authentication method (${mode}) not supported.`);
    expect((caught as BuildError).location.field).toBe("managementApi.auth.mode");
  });
});
