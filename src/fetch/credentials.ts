import { BuildError } from "../errors/index.js";
import { DEV_CREDENTIALS, type CredentialKind } from "./dev-credentials.js";

export interface CredentialSource {
  env: Record<string, string | undefined>;
  /** Fall back on the development credentials (only when pointed at one base URL, --api-url). */
  allowDevDefaults: boolean;
  partner: number;
}

/**
 * A credential from the environment variable the partner config names. Only the variable's
 * name ever appears in a message, never its value.
 */
export function readCredential(source: CredentialSource, variable: string, kind: CredentialKind): string {
  const value = source.env[variable];
  if (value !== undefined && value !== "") return value;
  if (source.allowDevDefaults) return DEV_CREDENTIALS[kind];
  throw new BuildError(
    `environment variable ${variable} is not set`,
    { partner: source.partner },
    {
      code: "E_CREDENTIALS",
      hint: `set ${variable}, or use --api-url with the local API server (development credentials)`,
    },
  );
}
