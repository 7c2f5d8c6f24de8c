import type { z } from "zod";
import { BuildError, BuildErrors } from "../errors/index.js";
import type { Authenticator } from "./auth.js";
import { describeEndpoint, resolveUrl } from "./endpoints.js";
import { describeStatus, sendWithRetries, type SendContext } from "./http-request.js";
import { issuesToBuildErrors } from "./issue-errors.js";
import { answerText } from "./answer-text.js";

/** One API (public or management): its base URL and its authenticator. */
export interface ApiClient {
  /**
   * GETs `path`, checks the answer with `schema` and returns both the answer as received (for
   * the snapshot files) and as parsed (for the build).
   */
  getJson<T>(path: string, schema: z.ZodType<T>): Promise<{ received: unknown; data: T }>;
}

export function createApiClient(baseUrl: string, auth: Authenticator, send: SendContext): ApiClient {
  return {
    async getJson(path, schema) {
      const url = resolveUrl(baseUrl, path);
      const endpoint = describeEndpoint("GET", url);
      const where = { partner: send.partner, endpoint };
      const text = await getAuthorized(url, endpoint, auth, send);
      let received: unknown;
      try {
        received = JSON.parse(text);
      } catch (error) {
        throw new BuildError(
          `the answer is not valid JSON: ${(error as Error).message}`,
          { ...where, field: "(body)" },
          { code: "E_FETCH" },
        );
      }
      const parsed = schema.safeParse(received);
      if (!parsed.success)
        throw new BuildErrors(
          issuesToBuildErrors(parsed.error, where, "E_FETCH_DATA"),
          `partner ${send.partner}: ${endpoint} answered data that does not match the expected shape`,
        );
      return { received, data: parsed.data };
    },
  };
}

/** The body of a 2xx answer; on a 401 the credentials are refreshed and the request retried once (spec 6). */
async function getAuthorized(url: URL, endpoint: string, auth: Authenticator, send: SendContext): Promise<string> {
  const where = { partner: send.partner, endpoint };
  const headers = { accept: "application/json" };
  let credentials = await auth.authorize();
  let response = await sendWithRetries({ method: "GET", url, headers: { ...headers, ...credentials.headers } }, send);
  let refreshed = false;
  if (response.status === 401 && (await auth.refresh(credentials.token))) {
    refreshed = true;
    send.onRetry?.();
    credentials = await auth.authorize();
    response = await sendWithRetries({ method: "GET", url, headers: { ...headers, ...credentials.headers } }, send);
  }
  if (response.status >= 200 && response.status < 300) return answerText(response.body, response.contentType, where);
  const attempts = response.attempts > 1 ? ` after ${response.attempts} attempts` : "";
  const afterRefresh = refreshed ? " (after refreshing the token once)" : "";
  throw new BuildError(`request failed with ${describeStatus(response.status)}${attempts}${afterRefresh}`, where, {
    code: "E_FETCH",
    hint:
      response.status === 401 || response.status === 403
        ? "the API refused the credentials; check the variables named by the API's auth in partner.json"
        : undefined,
  });
}
