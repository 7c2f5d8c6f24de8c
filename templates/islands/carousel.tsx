/**
 * Carousel island (slideshow and cover-flow blocks, docs/islands.md): the controls beside a
 * scroll-snap track the server rendered ([data-carousel-track] in the same block). Without
 * JavaScript the track scrolls and swipes natively and the controls stay invisible (their
 * space is kept, so hydrating shifts nothing: no layout shift, scroll restoration exact); hydrated,
 * they show previous/next, the position as "3 av 68" (68 dots would not fit a phone),
 * arrow keys, Home and End on the track, and for a slideshow with an interval autoplay
 * with a pause button. Autoplay stops on hover and focus, when the tab is hidden, and never
 * starts under prefers-reduced-motion (then scrolling is instant too).
 */
import { useCallback, useEffect, useRef, useState } from "react";

export interface CarouselProps {
  /** Number of slides or items in the track. */
  count: number;
  /** Autoplay interval in ms (slideshow), or null for none (cover-flow). */
  interval: number | null;
  /** What the track shows, for the controls' names: 'lysbilde' or 'film'. */
  itemName: string;
}

export function Carousel({ count, interval, itemName }: CarouselProps) {
  const root = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const [index, setIndex] = useState(0);
  /** Items in view at once (cover-flow shows several): the position reads "1–6 av 68". */
  const [visible, setVisible] = useState(1);
  const [playing, setPlaying] = useState(false);
  const [held, setHeld] = useState(false);
  const reducedMotion = useRef(false);
  /** scrollLeft a button or autoplay is scrolling to: the scroll events on the way are not positions. */
  const scrollingTo = useRef<number | null>(null);

  const track = useCallback(
    () => root.current?.closest("section")?.querySelector<HTMLElement>("[data-carousel-track]") ?? null,
    [],
  );

  const goTo = useCallback(
    (target: number) => {
      const element = track();
      const items = element ? (Array.from(element.children) as HTMLElement[]) : [];
      if (!element || items.length === 0) return;
      const next = ((target % items.length) + items.length) % items.length;
      const left = Math.min(items[next].offsetLeft - items[0].offsetLeft, element.scrollWidth - element.clientWidth);
      scrollingTo.current = Math.max(0, left);
      element.scrollTo({ left, behavior: reducedMotion.current ? "auto" : "smooth" });
      setIndex(next);
    },
    [track],
  );

  useEffect(() => {
    const element = track();
    const section = root.current?.closest("section");
    if (!element || !section) return;
    reducedMotion.current = matchMedia("(prefers-reduced-motion: reduce)").matches;
    setReady(true);
    setPlaying(interval !== null && !reducedMotion.current);
    return followTrack(element, section, { scrollingTo, setIndex, setVisible, setHeld });
  }, [track, interval]);

  useTrackKeys(track, goTo, index, count);
  useAutoplay(playing && !held ? interval : null, index, goTo);

  const page = () => {
    const element = track();
    return element ? pageSize(element) : 1;
  };
  return (
    <div ref={root} className="carousel-controls" data-ready={ready ? "" : undefined}>
      <StepButton label={`Forrige ${itemName}`} arrow="‹" onClick={() => goTo(index - page())} />
      <p className="carousel-controls__position" aria-live={playing && !held ? "off" : "polite"}>
        {visible > 1 ? `${index + 1}–${Math.min(index + visible, count)} av ${count}` : `${index + 1} av ${count}`}
      </p>
      <StepButton label={`Neste ${itemName}`} arrow="›" onClick={() => goTo(index + page())} />
      {interval !== null ? (
        <button
          type="button"
          className="carousel-controls__button carousel-controls__play"
          aria-label={playing ? "Stopp automatisk bytte" : "Start automatisk bytte"}
          onClick={() => setPlaying(!playing)}
        >
          <span aria-hidden="true">{playing ? "❚❚" : "▶"}</span>
        </button>
      ) : null}
    </div>
  );
}

/** Previous or next: a page of items back or on. */
function StepButton({ label, arrow, onClick }: { label: string; arrow: string; onClick: () => void }) {
  return (
    <button type="button" className="carousel-controls__button" aria-label={label} onClick={onClick}>
      <span aria-hidden="true">{arrow}</span>
    </button>
  );
}

/** What the track's listeners update in the Carousel. */
interface TrackFollowers {
  /** scrollLeft a button or autoplay is scrolling to: the scroll events on the way are not positions. */
  scrollingTo: { current: number | null };
  setIndex: (index: number) => void;
  setVisible: (visible: number) => void;
  setHeld: (held: boolean) => void;
}

/**
 * Follows the track's scrolling (the position), the window's size (items in view) and the
 * pointer and focus on the block (autoplay holds); returns the clean-up.
 */
function followTrack(
  element: HTMLElement,
  section: HTMLElement,
  { scrollingTo, setIndex, setVisible, setHeld }: TrackFollowers,
): () => void {
  const onScroll = () => {
    if (scrollingTo.current !== null && Math.abs(element.scrollLeft - scrollingTo.current) > 2) return;
    scrollingTo.current = null;
    setIndex(positionOf(element));
  };
  const onResize = () => setVisible(pageSize(element));
  onResize();
  addEventListener("resize", onResize, { passive: true });
  // A swipe or wheel takes over from a scroll the controls started.
  const userScroll = () => (scrollingTo.current = null);
  const hold = () => setHeld(true);
  const release = (event: Event) => {
    if (event.type === "focusout" && section.contains((event as FocusEvent).relatedTarget as Node | null)) return;
    setHeld(false);
  };
  element.addEventListener("scroll", onScroll, { passive: true });
  element.addEventListener("pointerdown", userScroll, { passive: true });
  element.addEventListener("wheel", userScroll, { passive: true });
  element.addEventListener("touchstart", userScroll, { passive: true });
  section.addEventListener("mouseenter", hold);
  section.addEventListener("mouseleave", release);
  section.addEventListener("focusin", hold);
  section.addEventListener("focusout", release);
  return () => {
    element.removeEventListener("scroll", onScroll);
    removeEventListener("resize", onResize);
    element.removeEventListener("pointerdown", userScroll);
    element.removeEventListener("wheel", userScroll);
    element.removeEventListener("touchstart", userScroll);
    section.removeEventListener("mouseenter", hold);
    section.removeEventListener("mouseleave", release);
    section.removeEventListener("focusin", hold);
    section.removeEventListener("focusout", release);
  };
}

/** Arrow keys move a page of items, Home and End to the first and the last. */
function useTrackKeys(
  track: () => HTMLElement | null,
  goTo: (target: number) => void,
  index: number,
  count: number,
): void {
  useEffect(() => {
    const element = track();
    if (!element) return;
    const onKey = (event: KeyboardEvent) => {
      const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
      if (step !== 0) goTo(index + step * pageSize(element));
      else if (event.key === "Home") goTo(0);
      else if (event.key === "End") goTo(count - 1);
      else return;
      event.preventDefault();
    };
    element.addEventListener("keydown", onKey);
    return () => element.removeEventListener("keydown", onKey);
  }, [track, goTo, index, count]);
}

/** The next slide after `interval` ms while the tab is visible; `interval` null while paused or held. */
function useAutoplay(interval: number | null, index: number, goTo: (target: number) => void): void {
  useEffect(() => {
    if (interval === null) return;
    const timer = setTimeout(() => {
      if (document.visibilityState === "visible") goTo(index + 1);
    }, interval);
    return () => clearTimeout(timer);
  }, [interval, index, goTo]);
}

/** The item at the track's left edge. */
function positionOf(track: HTMLElement): number {
  const items = track.children;
  if (items.length < 2) return 0;
  const step = (items[1] as HTMLElement).offsetLeft - (items[0] as HTMLElement).offsetLeft;
  return step > 0 ? Math.min(items.length - 1, Math.round(track.scrollLeft / step)) : 0;
}

/** How many items one press moves: one slide, or a screenful of cover-flow posters. */
function pageSize(track: HTMLElement): number {
  const items = track.children;
  if (items.length < 2) return 1;
  const step = (items[1] as HTMLElement).offsetLeft - (items[0] as HTMLElement).offsetLeft;
  return step > 0 ? Math.max(1, Math.floor((track.clientWidth + 1) / step)) : 1;
}
