export * from "./snapshot-reader.js";
export {
  fetchPartnerData,
  fetchPartnerResponses,
  type FetchOptions,
  type FetchedPartnerData,
  type SnapshotContent,
} from "./fetch-partner-data.js";
export { writeSnapshot } from "./write-snapshot.js";
export { takeSnapshot, type TakeSnapshotOptions, type TakeSnapshotResult } from "./take-snapshot.js";
export { createApiClient, type ApiClient } from "./api-client.js";
export { createAuthenticator, type Authenticator, type AuthContext } from "./auth.js";
export { TokenCache, type IssuedToken } from "./token-cache.js";
export { DEFAULT_RETRY_POLICY, computeBackoff, parseRetryAfter, type RetryPolicy } from "./backoff.js";
export { DEV_CREDENTIALS, type ApiCredentials } from "./dev-credentials.js";
export { listEndpoints, type EndpointSpec, type EndpointKey, type ApiName } from "./endpoints.js";
