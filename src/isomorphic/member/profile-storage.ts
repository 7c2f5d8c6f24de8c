/**
 * The browser's copies of the member profile (spec 3.1): 'cw-profile-new' holds
 * { userName, email, token }; the legacy 'cw-profile' holds { token } and is only read, for
 * the token exchange (spec 6). Storage may be blocked (private modes, policies): every access
 * is guarded and then behaves as if nothing were stored.
 */
import { LEGACY_PROFILE_STORAGE_KEY, PROFILE_STORAGE_KEY, type StoredProfile } from "../member-fields.js";

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

function readJson(key: string): unknown {
  try {
    const text = storage()?.getItem(key);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

export function readStoredProfile(): StoredProfile | null {
  const value = readJson(PROFILE_STORAGE_KEY) as Partial<StoredProfile> | null;
  if (!value || typeof value !== "object" || typeof value.token !== "string" || value.token === "") return null;
  return {
    userName: typeof value.userName === "string" ? value.userName : "",
    email: typeof value.email === "string" ? value.email : "",
    token: value.token,
  };
}

export function writeStoredProfile(profile: StoredProfile): void {
  try {
    storage()?.setItem(PROFILE_STORAGE_KEY, JSON.stringify(profile));
  } catch {
    // Blocked storage: the login holds for this page only.
  }
}

export function clearStoredProfile(): void {
  try {
    storage()?.removeItem(PROFILE_STORAGE_KEY);
  } catch {
    // nothing stored, nothing to clear
  }
}

/** The legacy token of 'cw-profile' ({ token }), or null when there is none. */
export function readLegacyToken(): string | null {
  const value = readJson(LEGACY_PROFILE_STORAGE_KEY) as { token?: unknown } | null;
  return value && typeof value.token === "string" && value.token !== "" ? value.token : null;
}
