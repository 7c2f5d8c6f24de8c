/**
 * What the member screens say when something goes wrong (Norwegian; spec 8 leaves the texts
 * to the product). The member service's own message is shown only for refusals (HTTP 200
 * without success), where it explains the refusal; failures of the service get our text.
 */
import type { MemberError } from "./reducers.js";

export const UNAVAILABLE = "Vi får ikke kontakt med medlemstjenesten akkurat nå. Prøv igjen om litt.";

export type UserForm = "login" | "signup" | "forgot";

export function userErrorText(error: MemberError, form: UserForm): string {
  const refused = error.status === 200 && error.message !== "malformed JSON";
  if (!refused) return UNAVAILABLE;
  if (form === "login") return "Feil e-post eller passord. Prøv igjen, eller velg «Glemt passord».";
  const own = error.message && error.message !== "refused" ? error.message : null;
  if (form === "signup") return own ?? "Kontoen kunne ikke opprettes. Sjekk feltene og prøv igjen.";
  return own ?? "Vi kunne ikke sende e-post til den adressen. Sjekk adressen og prøv igjen.";
}

/** A list section's error: a lapsed session asks for a new login, anything else is the service. */
export function sectionErrorText(error: MemberError, what: string): string {
  if (error.status === 401 || error.status === 403) return `Økten din er utløpt. Logg inn på nytt for å se ${what}.`;
  return `Vi kunne ikke hente ${what} akkurat nå. Prøv igjen om litt.`;
}
