/**
 * Site header (spec 2.7, 1): logo, the menu, search submitting to the theme's search path,
 * cinema-club logo, app-store badges and, for partners with the member service (spec 6), the
 * link to /min-side. No language switcher (spec 2.1: disabled).
 *
 * The menu and the search form are in the markup once (docs/performance.md: the menu written twice was
 * 8.5 KB of every page). Below 1024 px a "Meny" switch shows them as a panel; it is a
 * checkbox and its label, styled in site.css, so the menu opens without any script
 * (docs/spec-decisions.md, "perf").
 */
import { useRender } from "../context.js";
import { MenuTree } from "./header-menu.js";
import { AppBadgeList } from "../ui/app-badges.js";
import { fallbackAttribute, NoPreload } from "../ui/cdn-image.js";
import { SmartLink, safeHref } from "../ui/smart-link.js";
import { MY_PAGE_PATH } from "../ui/member-service.js";
import { PROFILE_STORAGE_KEY } from "../../src/isomorphic/member-fields.js";

function SearchForm() {
  const { site } = useRender();
  const search = site.site.theme.search;
  if (!search.enabled) return null;
  const inputId = "sok";
  return (
    <form
      role="search"
      aria-label="Søk på nettstedet"
      className="header-search"
      action={safeHref(search.submitPath || "/search") ?? "/search"}
      method="get"
    >
      <label htmlFor={inputId} className="visually-hidden">
        Søk på nettstedet
      </label>
      <input id={inputId} type="search" name="q" placeholder="Søk i film og kultur" />
      <button type="submit">
        {/* The magnifier is drawn by site.css (.header-search button::before): 0.3 KB less on every page. */}
        <span className="visually-hidden">Søk</span>
      </button>
    </form>
  );
}

function UtilityLinks() {
  const { site } = useRender();
  const { clubLogo, appBadges } = site.site.theme;
  // Without a club logo, badges or the member link the bar would be an empty strip.
  if (!clubLogo && !(appBadges && appBadges.length > 0) && !site.memberService) return null;
  const club = clubLogo ? (
    <NoPreload>
      <img src={clubLogo.src} alt={clubLogo.alt} width={120} height={40} data-fallback-variant="text" />
    </NoPreload>
  ) : null;
  return (
    <div className="utility-bar">
      <div className="container utility-bar__inner">
        {clubLogo ? (
          clubLogo.href ? (
            <SmartLink href={clubLogo.href} className="club-logo">
              {club}
            </SmartLink>
          ) : (
            <span className="club-logo">{club}</span>
          )
        ) : null}
        {appBadges && appBadges.length > 0 ? <AppBadgeList badges={appBadges} /> : null}
        {site.memberService ? (
          // A plain link, not an island: a page with no other island loads no React (docs/islands.md).
          <span className="member-menu">
            <a href={`${MY_PAGE_PATH}#logg-inn`} className="member-link" data-profile={PROFILE_STORAGE_KEY}>
              Min side / <span className="member-link__sub">Logg inn</span>
            </a>
          </span>
        ) : null}
      </div>
    </div>
  );
}

export function Header() {
  const { site, page } = useRender();
  const theme = site.site.theme;
  return (
    <header className="site-header">
      <UtilityLinks />
      <div className="container header-bar">
        <a href="/" className="brand">
          <NoPreload>
            <img
              src={theme.logo}
              alt={theme.logoAlt || site.partner.name}
              width={160}
              height={48}
              data-fallback={fallbackAttribute(theme.logoAlt || site.partner.name, site.partner.name)}
              data-fallback-variant="text"
            />
          </NoPreload>
        </a>
        <input type="checkbox" id="meny-bryter" className="menu-switch" aria-controls="hovedmeny" />
        <label htmlFor="meny-bryter" className="menu-switch__toggle">
          <span className="menu-switch__icon" aria-hidden="true" />
          Meny
        </label>
        <div className="header-nav" id="hovedmeny">
          <nav className="main-nav" aria-label="Hovedmeny">
            <MenuTree nodes={site.headerMenu} currentPath={page.path} />
          </nav>
          <SearchForm />
        </div>
      </div>
    </header>
  );
}
