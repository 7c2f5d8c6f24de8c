/** The app-store badges (theme.appBadges) as a list of labelled links: the header's and the footer's. */
import type { Site } from "../../src/model/index.js";
import { SmartLink } from "./smart-link.js";

type AppBadge = NonNullable<Site["theme"]["appBadges"]>[number];

export function AppBadgeList({ badges }: { badges: AppBadge[] }) {
  return (
    <ul className="app-badges">
      {badges.map((badge) => (
        <li key={badge.store}>
          <SmartLink href={badge.href} className={`app-badge app-badge--${badge.store}`}>
            {badge.label}
          </SmartLink>
        </li>
      ))}
    </ul>
  );
}
