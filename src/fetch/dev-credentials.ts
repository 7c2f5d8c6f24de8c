/**
 * Development credentials (docs/data-format.md, "Live APIs"). They are public on purpose: the
 * local API server (`cinema-build api-server`) accepts them and a build pointed at it with
 * `--api-url` sends them when the environment names no credentials, so the two work together
 * out of the box. They are never used without `--api-url`, so they never reach the platform.
 */
export const DEV_CREDENTIALS = {
  username: "cinema-dev",
  password: "cinema-dev-password",
  clientId: "cinema-dev-client",
  clientSecret: "cinema-dev-secret",
} as const;

export type ApiCredentials = { username: string; password: string; clientId: string; clientSecret: string };

/** Which development credential stands in for a missing environment variable of each kind. */
export type CredentialKind = keyof ApiCredentials;
