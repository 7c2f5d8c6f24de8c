/**
 * The frame of a titled block: a <section> with its heading, which gives the page its outline.
 * The section is not named after the heading on purpose: a named section is a region landmark,
 * and editors often give two blocks one title (a cover and a content block both 'Adventskino'),
 * which makes landmarks with the same name (html-validate unique-landmark). The page's
 * landmarks are header, navigation, main and footer; blocks are found by their headings.
 */
import type { ReactNode } from "react";
import { Heading } from "./heading.js";

export interface BlockSectionProps {
  title: string;
  level: number;
  className: string;
  headingClassName?: string;
  visuallyHiddenTitle?: boolean;
  extra?: Record<string, string>;
  id?: string;
  children: ReactNode;
}

export function BlockSection({
  title,
  level,
  className,
  headingClassName,
  visuallyHiddenTitle,
  extra,
  id,
  children,
}: BlockSectionProps) {
  return (
    <section className={className} id={id} {...extra}>
      {title ? (
        <Heading
          level={level}
          className={visuallyHiddenTitle ? "visually-hidden" : (headingClassName ?? "block-title")}
        >
          {title}
        </Heading>
      ) : null}
      {children}
    </section>
  );
}
