import { z } from "zod";
import { AuthSchema, type AuthConfig, type PartnerConfig } from "../config/index.js";
import { BuildError } from "../errors/index.js";
import { readCredential, type CredentialSource } from "./credentials.js";
import { describeEndpoint, type ApiName } from "./endpoints.js";
import { describeStatus, sendWithRetries, type SendContext } from "./http-request.js";
import { answerText } from "./answer-text.js";
import { TokenCache, type IssuedToken } from "./token-cache.js";

/** Adds an API's credentials to requests (spec 6, "authentication mode"). */
export interface Authenticator {
  /** Headers for the next request; `token` names the credentials used, for `refresh`. */
  authorize(): Promise<{ headers: Record<string, string>; token?: string }>;
  /** After a 401: true when fresh credentials were obtained and one retry may help. */
  refresh(rejectedToken: string | undefined): Promise<boolean>;
}

export interface AuthContext extends CredentialSource {
  send: SendContext;
  /** Token endpoint to use instead of the configured one (--api-url). */
  tokenUrl?: URL;
  /**
   * Token caches of one fetch, keyed by token endpoint, audience and client: two APIs with the
   * same identity provider configuration share one token.
   */
  tokenCaches?: Map<string, TokenCache>;
}

const TokenAnswerSchema = z.looseObject({
  access_token: z.string().min(1),
  expires_in: z.number().positive().optional(),
});

type ApiAuth = PartnerConfig["publicApi"]["auth"];

/** The authenticator of one API; any mode but none, basic_auth and auth0 fails with the spec's message. */
export function createAuthenticator(api: ApiName, configured: ApiAuth, context: AuthContext): Authenticator {
  const known = AuthSchema.safeParse(configured);
  if (!known.success) {
    throw new BuildError(
      `API authentication method (${configured.mode}) not supported.`,
      { partner: context.partner, field: `${api}.auth.mode` },
      { code: "E_AUTH_MODE" },
    );
  }
  const auth = known.data;
  if (auth.mode === "none") return { authorize: async () => ({ headers: {} }), refresh: async () => false };
  if (auth.mode === "basic_auth") {
    const username = readCredential(context, auth.usernameEnv, "username");
    const password = readCredential(context, auth.passwordEnv, "password");
    const headers = { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}` };
    return { authorize: async () => ({ headers }), refresh: async () => false };
  }
  return createTokenAuthenticator(auth, context);
}

/** auth0: a Bearer token by client credentials, cached and shared (token-cache.ts). */
function createTokenAuthenticator(auth: Extract<AuthConfig, { mode: "auth0" }>, context: AuthContext): Authenticator {
  const clientId = readCredential(context, auth.clientIdEnv, "clientId");
  const clientSecret = readCredential(context, auth.clientSecretEnv, "clientSecret");
  const tokenUrl = context.tokenUrl ?? new URL(auth.tokenUrl);
  const key = JSON.stringify([tokenUrl.href, auth.audience, clientId]);
  const cache =
    context.tokenCaches?.get(key) ??
    new TokenCache(() => requestToken(tokenUrl, { clientId, clientSecret, audience: auth.audience }, context));
  context.tokenCaches?.set(key, cache);
  return {
    authorize: async () => {
      const token = await cache.get();
      return { headers: { authorization: `Bearer ${token}` }, token };
    },
    // Spec 6 and 9: one refresh and one retry; the caller raises on a second 401.
    refresh: async (rejected) => {
      await cache.refresh(rejected ?? "");
      return true;
    },
  };
}

/** Client-credentials grant at the identity provider (spec 7.3). */
async function requestToken(
  url: URL,
  client: { clientId: string; clientSecret: string; audience: string },
  context: AuthContext,
): Promise<IssuedToken> {
  const endpoint = describeEndpoint("POST", url);
  const response = await sendWithRetries(
    {
      method: "POST",
      url,
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({
        grant_type: "client_credentials",
        client_id: client.clientId,
        client_secret: client.clientSecret,
        audience: client.audience,
      }),
    },
    context.send,
  );
  if (response.status < 200 || response.status >= 300) {
    const refused = response.status === 401 || response.status === 403;
    throw new BuildError(
      `token request failed with ${describeStatus(response.status)}`,
      { partner: context.partner, endpoint },
      {
        code: "E_FETCH",
        hint: refused
          ? "the identity provider refused the client credentials; check the variables named by managementApi.auth in partner.json"
          : undefined,
      },
    );
  }
  const text = answerText(response.body, response.contentType, { partner: context.partner, endpoint });
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    answer = undefined;
  }
  const parsed = TokenAnswerSchema.safeParse(answer);
  if (!parsed.success)
    throw new BuildError(
      "the token endpoint's answer has no access_token",
      { partner: context.partner, endpoint, field: "access_token" },
      { code: "E_FETCH" },
    );
  // Auth0 always states expires_in; without it, assume a short life rather than forever.
  return { accessToken: parsed.data.access_token, expiresInS: parsed.data.expires_in ?? 300 };
}
