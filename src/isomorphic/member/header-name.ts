/**
 * The header's member link (templates/layout/header.tsx: "Min side / Logg inn") names the
 * logged-in member instead of "Logg inn" (docs/member.md "The header"): the boot script sets
 * it from 'cw-profile-new' on every page (spec 3.1; its own copy of these lines, for its
 * budget), and the member islands at login and logout. The name is set as text, never HTML.
 */
export function showMemberName(name: string | null): void {
  const sub = typeof document === "undefined" ? null : document.querySelector("[data-profile] span");
  if (sub) sub.textContent = name || "Logg inn";
}
