/**
 * A poster from the member service (spec 3.1: ticket and watch-list posters). It comes from
 * the service's own image host, which the CSP allows (partner.json memberService.imageHosts).
 * When there is none, its box shows the film's title; when it fails to load, the boot
 * script's image fallback (client/image-fallback.ts) draws the title from data-fallback.
 */
export function MemberPoster({
  src,
  title,
  className,
  width,
  height,
}: {
  src: string | null;
  title: string;
  className: string;
  width: number;
  height: number;
}) {
  if (!src) {
    return (
      <span className={`${className} ${className}--none`} aria-hidden="true">
        {title}
      </span>
    );
  }
  return (
    <img className={className} src={src} alt="" width={width} height={height} loading="lazy" data-fallback={title} />
  );
}
