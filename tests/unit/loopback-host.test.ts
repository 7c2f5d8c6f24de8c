/**
 * `dev` answers only Host names of this machine (src/dev/loopback-host.ts): a rebound DNS
 * name ('rebind.evil.example:4361') pointing at 127.0.0.1 must get no page and no events.
 */
import { describe, expect, it } from "vitest";
import { isLoopbackHost } from "../../src/dev/loopback-host.js";

describe("the dev server's Host check", () => {
  it("accepts 127.0.0.1, localhost and [::1] with or without a port", () => {
    for (const host of [
      "127.0.0.1",
      "127.0.0.1:4179",
      "localhost",
      "LOCALHOST:4179",
      "localhost.:80",
      "[::1]",
      "[::1]:4179",
    ])
      expect(isLoopbackHost(host), host).toBe(true);
  });

  it("refuses every other name, a missing Host and malformed ones", () => {
    for (const host of [
      undefined,
      "",
      "rebind.evil.example:4361",
      "evil.example",
      "localhost.evil.example",
      "127.0.0.1.nip.io",
      "127.0.0.2",
      "0.0.0.0:4179",
      "[::2]:4179",
      "::1",
      "localhost:80:80",
      "localhost@evil.example",
      "user@localhost",
    ])
      expect(isLoopbackHost(host), String(host)).toBe(false);
  });
});
