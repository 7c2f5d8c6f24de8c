import type { ReactNode } from "react";

/** A heading at a computed level (the page's h1 belongs to one block only). */
export function Heading({
  level,
  className,
  id,
  children,
}: {
  level: number;
  className?: string;
  id?: string;
  children: ReactNode;
}) {
  const Tag = `h${Math.min(6, Math.max(1, level))}` as "h1";
  return (
    <Tag className={className} id={id}>
      {children}
    </Tag>
  );
}
