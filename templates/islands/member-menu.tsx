/**
 * The header's member link (issue 12): "Min side / Logg inn" leads to the login on /min-side
 * (the #logg-inn target moves focus into it); once logged in it shows the member's name. The
 * server renders the logged-out text; the stored profile is read after hydration.
 */
import { useMemberReady, useProfile } from "./member/use-member.js";

export interface MemberMenuProps {
  myPagePath: string;
}

export function MemberMenu({ myPagePath }: MemberMenuProps) {
  const ready = useMemberReady();
  const profile = useProfile();
  if (ready && profile) {
    return (
      <a href={myPagePath} className="member-link">
        Min side <span className="member-link__sub">/ {profile.userName || profile.email}</span>
      </a>
    );
  }
  return (
    <a href={`${myPagePath}#logg-inn`} className="member-link">
      Min side <span className="member-link__sub">/ Logg inn</span>
    </a>
  );
}
