/**
 * The frame of a titled block: a <section> named by its heading (so landmarks and the
 * heading outline read well), and an optional lead text.
 */
import type { ReactNode } from "react";
import { useId } from "react";
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

export function BlockSection({ title, level, className, headingClassName, visuallyHiddenTitle, extra, id, children }: BlockSectionProps) {
  const headingId = useId();
  return (
    <section className={className} aria-labelledby={title ? headingId : undefined} id={id} {...extra}>
      {title ? (
        <Heading level={level} id={headingId} className={visuallyHiddenTitle ? "visually-hidden" : headingClassName ?? "block-title"}>
          {title}
        </Heading>
      ) : null}
      {children}
    </section>
  );
}
