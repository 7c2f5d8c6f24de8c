/**
 * Every link the templates write: internal paths in the one address form of every host
 * (pageAddress: no trailing slash) and percent-encoded like the sitemap, external
 * links with rel="noopener", and a new window announced to screen readers (spec 2.7).
 */
import type { ReactNode } from "react";
import { encodeUrlPath, isExternalUrl, pageAddress } from "../../src/isomorphic/url.js";

export interface SmartLinkProps {
  href: string;
  newWindow?: boolean;
  className?: string;
  ariaLabel?: string;
  ariaCurrent?: "page";
  children: ReactNode;
}

/** A safe href: site paths encoded, http(s)/mailto/tel kept, anything else ('javascript:') dropped. */
export function safeHref(href: string): string | null {
  const value = href.trim();
  if (value.startsWith("/") && !value.startsWith("//")) return encodeUrlPath(pageAddress(value));
  if (value.startsWith("#")) return value;
  if (isExternalUrl(value) || /^(mailto|tel):/i.test(value)) return value;
  return null;
}

export function SmartLink({ href, newWindow = false, className, ariaLabel, ariaCurrent, children }: SmartLinkProps) {
  const safe = safeHref(href);
  if (safe === null) return <span className={className}>{children}</span>;
  const external = isExternalUrl(safe);
  return (
    <a
      href={safe}
      className={className}
      aria-label={ariaLabel}
      aria-current={ariaCurrent}
      target={newWindow ? "_blank" : undefined}
      rel={external || newWindow ? "noopener" : undefined}
    >
      {children}
      {newWindow ? <span className="visually-hidden"> (åpnes i nytt vindu)</span> : null}
    </a>
  );
}

/** Its children as a link when there is one (a card's or film's title), else as they are. */
export function MaybeLink({
  href,
  className,
  children,
}: {
  href: string | null | undefined;
  className?: string;
  children: ReactNode;
}) {
  return href ? (
    <SmartLink href={href} className={className}>
      {children}
    </SmartLink>
  ) : (
    <>{children}</>
  );
}
