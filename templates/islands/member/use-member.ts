/**
 * The hooks every member island uses: the shared store (src/isomorphic/member/store.ts) and the
 * browser-only start (the stored profile is read in an effect, never in the first render, so
 * hydration matches the server HTML; docs/islands.md).
 */
import { useEffect, useState } from "react";
import { profileOf, restoreMemberProfile } from "../../../src/isomorphic/member/actions.js";
import { useMemberState } from "../../../src/isomorphic/member/store.js";
import type { StoredProfile } from "../../../src/isomorphic/member-fields.js";

/** False during the server render and hydration; true once the browser state is read. */
export function useMemberReady(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    restoreMemberProfile();
    setReady(true);
  }, []);
  return ready;
}

/** The logged-in member (name, email, token), or null. */
export function useProfile(): StoredProfile | null {
  return profileOf(useMemberState().user.userProfile);
}
