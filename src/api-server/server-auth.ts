import { randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { AuthSchema, type PartnerConfig } from "../config/index.js";
import { DEV_CREDENTIALS, type ApiCredentials } from "../fetch/dev-credentials.js";

/**
 * The credentials the server accepts: those the environment holds under the variable names
 * partner.json gives (as a build would send them), else the development credentials.
 */
export function resolveServerCredentials(
  config: PartnerConfig,
  env: Record<string, string | undefined>,
): ApiCredentials {
  const out: ApiCredentials = { ...DEV_CREDENTIALS };
  for (const api of [config.publicApi, config.managementApi]) {
    const auth = AuthSchema.safeParse(api.auth);
    if (!auth.success) continue;
    if (auth.data.mode === "basic_auth") {
      out.username = env[auth.data.usernameEnv] || out.username;
      out.password = env[auth.data.passwordEnv] || out.password;
    } else if (auth.data.mode === "auth0") {
      out.clientId = env[auth.data.clientIdEnv] || out.clientId;
      out.clientSecret = env[auth.data.clientSecretEnv] || out.clientSecret;
    }
  }
  return out;
}

/** Access tokens the server issued, in order, with their expiry. */
export class TokenStore {
  readonly #tokens = new Map<string, { expiresAt: number; serial: number }>();

  constructor(private readonly ttlSeconds: number) {}

  get issued(): number {
    return this.#tokens.size;
  }

  issue(): { token: string; expiresIn: number } {
    const token = `dev-${randomBytes(12).toString("hex")}`;
    this.#tokens.set(token, { expiresAt: Date.now() + this.ttlSeconds * 1000, serial: this.#tokens.size + 1 });
    return { token, expiresIn: this.ttlSeconds };
  }

  /** The token's serial number (1 = first issued) when it is valid now, else undefined. */
  check(token: string): number | undefined {
    const entry = this.#tokens.get(token);
    return entry && entry.expiresAt > Date.now() ? entry.serial : undefined;
  }
}

/** Does the request carry what the API's auth mode asks for? (serial: the Bearer token's serial) */
export function checkRequestAuth(
  req: IncomingMessage,
  auth: PartnerConfig["publicApi"]["auth"],
  credentials: ApiCredentials,
  tokens: TokenStore,
): { ok: boolean; tokenSerial?: number } {
  const header = req.headers.authorization ?? "";
  if (auth.mode === "none") return { ok: true };
  if (auth.mode === "basic_auth") {
    const expected = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString("base64")}`;
    return { ok: equalText(header, expected) };
  }
  if (auth.mode === "auth0") {
    const serial = header.startsWith("Bearer ") ? tokens.check(header.slice("Bearer ".length)) : undefined;
    return { ok: serial !== undefined, tokenSerial: serial };
  }
  return { ok: false };
}

/** Checks a client-credentials grant (JSON or form body). */
export function checkTokenRequest(body: string, contentType: string | undefined, credentials: ApiCredentials): boolean {
  let fields: Record<string, unknown>;
  try {
    fields = contentType?.includes("application/x-www-form-urlencoded")
      ? Object.fromEntries(new URLSearchParams(body))
      : JSON.parse(body);
  } catch {
    return false;
  }
  return (
    fields?.grant_type === "client_credentials" &&
    equalText(String(fields.client_id ?? ""), credentials.clientId) &&
    equalText(String(fields.client_secret ?? ""), credentials.clientSecret)
  );
}

function equalText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
