/**
 * `dev` answers only requests addressed to this machine by name (docs/security.md, "Local
 * servers"): a page on another site can point its own host name at 127.0.0.1 (DNS
 * rebinding) and then read the dev server's pages and its event stream as same-origin.
 * Such a request still carries the other site's name in `Host`, so every name but
 * 127.0.0.1, localhost and [::1] (with any port) is refused.
 */
const LOOPBACK_NAMES = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Whether a request's Host header names this machine's loopback address. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d{1,5}))?$/.exec(host.trim().toLowerCase());
  return match !== null && LOOPBACK_NAMES.has(match[1].replace(/\.$/, ""));
}

/** The answer to a refused Host: 421 Misdirected Request (RFC 9110 15.5.20). */
export const MISDIRECTED = {
  status: 421,
  body: "misdirected request: cinema-build dev answers only http://127.0.0.1, http://localhost and http://[::1]\n",
} as const;
