/**
 * /min-side in the browser (docs/member.md): logged out, the login panel (with "Opprett konto" and
 * "Glemt passord"); logged in, the profile, "Mine billetter" (QR codes, seats by row) and
 * "Min liste" (the watch list, each film linking to its page when the site has it), and
 * "Logg ut". The server renders the loading state; the stored profile is read after
 * hydration. Member events of the block's showings are fetched once logged in (spec 5, 7.1).
 */
import { useEffect, useRef, useState } from "react";
import { loadTickets, loadWatchList, logOut, trackMemberEvents } from "../../src/isomorphic/member/actions.js";
import { sectionErrorText } from "../../src/isomorphic/member/messages.js";
import type { MemberServiceProps } from "../../src/isomorphic/member/service.js";
import { useMemberState } from "../../src/isomorphic/member/store.js";
import type { MovieInfo } from "../../src/isomorphic/member-fields.js";
import { LoginPanel } from "./member/login-panel.js";
import { MemberPoster } from "./member/member-poster.js";
import { TicketCard } from "./member/ticket-card.js";
import { useMemberReady, useProfile } from "./member/use-member.js";

export interface MyPageProps {
  service: MemberServiceProps;
  /**
   * URL of the site's film pages by edi number (production reference), or null: fetched only
   * when the watch list has films, since it grows with the catalogue (src/emit/film-paths.ts).
   */
  filmPathsUrl: string | null;
  /** Ids of the showings the block lists (member events, spec 7.1). */
  eventIds: string[];
  /** Where the programme is, for the empty states. */
  programmePath: string;
  /** Heading level of the member area's sections (one below the block's title). */
  level: 2 | 3;
}

export function MyPage({ service, filmPathsUrl, eventIds, programmePath, level }: MyPageProps) {
  const H = `h${level}` as "h2" | "h3";
  const ready = useMemberReady();
  const profile = useProfile();
  const greeting = useRef<HTMLHeadingElement>(null);
  const loggedIn = ready && profile !== null;
  const { tickets, watchList } = useMemberState();
  const filmPaths = useFilmPaths(filmPathsUrl, watchList.items.length > 0);
  const expired = [tickets.error, watchList.error].some((error) => error?.status === 401 || error?.status === 403);
  useEffect(() => {
    if (!loggedIn) return;
    void loadTickets(service);
    void loadWatchList(service);
    void trackMemberEvents(service, eventIds);
  }, [loggedIn, service, eventIds]);

  if (!ready) {
    return (
      // The header's 'Logg inn' link (#logg-inn) has its target in the server HTML too.
      <div className="member-area member-area--loading" role="status" id="logg-inn">
        <p>Henter Min side …</p>
      </div>
    );
  }
  if (!profile) {
    const fromHeader = typeof location !== "undefined" && location.hash === "#logg-inn";
    return (
      <div className="member-area" id="logg-inn">
        <p className="member-area__intro">Logg inn for å se billettene dine med QR-kode og filmene på listen din.</p>
        <LoginPanel
          service={service}
          level={level}
          focusOnShow={fromHeader}
          onLoggedIn={() => requestAnimationFrame(() => greeting.current?.focus())}
        />
      </div>
    );
  }
  return (
    <div className="member-area">
      <div className="member-profile">
        <div>
          <H ref={greeting} tabIndex={-1} className="member-profile__name">
            Hei, {profile.userName || profile.email}
          </H>
          {profile.email ? <p className="member-profile__email">{profile.email}</p> : null}
        </div>
        <button type="button" className="button button--ghost" onClick={() => logOut()}>
          Logg ut
        </button>
      </div>
      {expired ? (
        // The service no longer knows the session (spec 4.1): a new login renews it, here.
        <div className="member-area__relogin" id="logg-inn">
          <p role="alert">Økten din er utløpt. Logg inn på nytt for å se billettene og listen din.</p>
          <LoginPanel
            service={service}
            level={level}
            focusOnShow={false}
            onLoggedIn={() => {
              void loadTickets(service);
              void loadWatchList(service);
            }}
          />
        </div>
      ) : (
        <>
          <Tickets filmPaths={filmPaths} service={service} programmePath={programmePath} level={level} />
          <WatchList filmPaths={filmPaths} service={service} programmePath={programmePath} level={level} />
        </>
      )}
    </div>
  );
}

interface SectionProps {
  service: MemberServiceProps;
  filmPaths: Record<string, string>;
  programmePath: string;
  level: 2 | 3;
}

function Tickets({ service, filmPaths, programmePath, level }: SectionProps) {
  const H = `h${level}` as "h2" | "h3";
  const { tickets } = useMemberState();
  const films = filmPathByMovieId(useMemberState().watchList.items, filmPaths);
  return (
    <section className="member-section" aria-labelledby="mine-billetter" aria-busy={tickets.loading}>
      <H id="mine-billetter">Mine billetter</H>
      {tickets.loading ? (
        <p role="status" className="member-section__loading">
          Henter billettene dine …
        </p>
      ) : null}
      {!tickets.loading && tickets.error ? (
        <SectionError
          text={sectionErrorText(tickets.error, "billettene dine")}
          retry={() => void loadTickets(service)}
        />
      ) : null}
      {!tickets.loading && !tickets.error && tickets.items.length === 0 ? (
        <p>
          Du har ingen billetter ennå. <a href={programmePath}>Se kinoprogrammet</a>
        </p>
      ) : null}
      {tickets.items.length > 0 ? (
        <ul className="ticket-list">
          {tickets.items.map((ticket, index) => (
            <TicketCard
              key={`${ticket.qrCode ?? ""}-${index}`}
              level={(level + 1) as 3 | 4}
              ticket={ticket}
              filmPath={ticket.movieId !== null ? (films.get(String(ticket.movieId)) ?? null) : null}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function WatchList({ service, filmPaths, programmePath, level }: SectionProps) {
  const H = `h${level}` as "h2" | "h3";
  const { watchList } = useMemberState();
  return (
    <section className="member-section" aria-labelledby="min-liste" aria-busy={watchList.loading}>
      <H id="min-liste">Min liste</H>
      {watchList.loading ? (
        <p role="status" className="member-section__loading">
          Henter listen din …
        </p>
      ) : null}
      {!watchList.loading && watchList.error ? (
        <SectionError
          text={sectionErrorText(watchList.error, "listen din")}
          retry={() => void loadWatchList(service)}
        />
      ) : null}
      {!watchList.loading && !watchList.error && watchList.items.length === 0 ? (
        <p>
          Listen din er tom. Trykk «Legg til i min liste» på en filmside for å huske filmen.{" "}
          <a href={programmePath}>Se kinoprogrammet</a>
        </p>
      ) : null}
      {watchList.items.length > 0 ? (
        <ul className="watch-list">
          {watchList.items.map((movie, index) => {
            const path = filmPathOf(movie, filmPaths);
            const title = movie.title ?? "Film";
            return (
              <li key={`${movie.movieId ?? ""}-${index}`} className="watch-list__item">
                <MemberPoster
                  className="watch-list__poster"
                  src={movie.poster}
                  title={title}
                  width={120}
                  height={181}
                />
                <span className="watch-list__title">{path ? <a href={path}>{title}</a> : title}</span>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}

function SectionError({ text, retry }: { text: string; retry: () => void }) {
  return (
    <div className="member-notice member-notice--error" role="alert">
      <p>{text}</p>
      <button type="button" className="button button--ghost" onClick={retry}>
        Prøv igjen
      </button>
    </div>
  );
}

const NO_FILM_PATHS: Record<string, string> = {};

/**
 * The film pages by edi number, fetched once when first needed. Until it arrives (or if it
 * cannot be fetched) films are shown without a link: the list stays usable.
 */
function useFilmPaths(url: string | null, needed: boolean): Record<string, string> {
  const [paths, setPaths] = useState<Record<string, string>>(NO_FILM_PATHS);
  useEffect(() => {
    if (!url || !needed || paths !== NO_FILM_PATHS) return;
    let current = true;
    fetch(url)
      .then((response) => (response.ok ? response.json() : null))
      .then((body: unknown) => {
        if (current && body && typeof body === "object" && !Array.isArray(body))
          setPaths(body as Record<string, string>);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [url, needed, paths]);
  return paths;
}

/** The site's page of a member-service movie: by its edi numbers (Edis), else none. */
export function filmPathOf(movie: MovieInfo, filmPaths: Record<string, string>): string | null {
  const edis = Array.isArray(movie.edis) ? movie.edis : [movie.edis];
  for (const edi of edis) if (typeof edi === "string" && Object.hasOwn(filmPaths, edi)) return filmPaths[edi];
  return null;
}

function filmPathByMovieId(movies: MovieInfo[], filmPaths: Record<string, string>): Map<string, string> {
  const map = new Map<string, string>();
  for (const movie of movies) {
    const path = filmPathOf(movie, filmPaths);
    if (movie.movieId !== null && path) map.set(String(movie.movieId), path);
  }
  return map;
}
