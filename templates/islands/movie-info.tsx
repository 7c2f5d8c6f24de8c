/**
 * The member part of a film page's movie-info block (docs/member.md): the member service's rating
 * and rating count for the film's edi number (spec 7.1 movieInfo), and "Legg til i min
 * liste" (addMovieToWatchList). Logged out, the button opens the login in a dialog and adds
 * the film once the member is in. Space for the rating is kept while it loads (no layout
 * shift); a film the service does not know shows no rating and no button.
 */
import { useEffect, useRef, useState } from "react";
import { addToWatchList, loadMovieInfo, loadWatchList } from "../../src/isomorphic/member/actions.js";
import type { MemberServiceProps } from "../../src/isomorphic/member/service.js";
import { useMemberState } from "../../src/isomorphic/member/store.js";
import { LoginPanel } from "./member/login-panel.js";
import { useMemberReady, useProfile } from "./member/use-member.js";

export interface MovieInfoProps {
  service: MemberServiceProps;
  edi: string;
  title: string;
}

const ratingFormat = new Intl.NumberFormat("nb-NO", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export function MemberMovieInfo({ service, edi, title }: MovieInfoProps) {
  const ready = useMemberReady();
  const profile = useProfile();
  const state = useMemberState();
  const slice = state.movieInfo[edi];
  const movie = slice?.movieInfo ?? null;
  const [adding, setAdding] = useState(false);
  const [failed, setFailed] = useState(false);
  const wantsToAdd = useRef(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const addedNote = useRef<HTMLParagraphElement>(null);
  const loggedIn = ready && profile !== null;
  const onList =
    movie !== null &&
    state.watchList.items.some((item) => item.movieId !== null && String(item.movieId) === String(movie.movieId));

  useMovieInfoRequests(service, edi, loggedIn, state.watchList);

  const add = async () => {
    if (!movie) return;
    setAdding(true);
    setFailed(false);
    const added = await addToWatchList(service, movie);
    setAdding(false);
    setFailed(!added);
    // The button gives way to the note: focus follows, so keyboard users are not left on <body>.
    if (added) requestAnimationFrame(() => addedNote.current?.focus());
  };
  const onClick = () => {
    if (loggedIn) return void add();
    wantsToAdd.current = true;
    dialog.current?.showModal();
  };
  const onLoggedIn = () => {
    dialog.current?.close();
    if (wantsToAdd.current) {
      wantsToAdd.current = false;
      void add();
    }
  };

  const loading = !slice || slice.loading;
  return (
    <div className="member-rating" aria-busy={loading}>
      <RatingLine loading={loading} movie={movie} />
      {movie && movie.movieId !== null ? (
        <div className="member-rating__actions">
          {onList ? (
            <p ref={addedNote} tabIndex={-1} className="member-rating__added" role="status">
              ✓ Lagt til i <a href="/min-side">min liste</a>
            </p>
          ) : (
            <button type="button" className="button" onClick={onClick} disabled={adding}>
              {adding ? "Legger til …" : "Legg til i min liste"}
            </button>
          )}
          {failed ? <AddFailed /> : null}
        </div>
      ) : null}
      {/* Only with the button that opens it: the server HTML (no movie yet) carries no dialog (docs/performance.md). */}
      {movie && movie.movieId !== null ? (
        <dialog
          ref={dialog}
          className="modal member-dialog"
          aria-label={`Logg inn for å legge ${title} til i listen din`}
          onClose={() => (wantsToAdd.current = false)}
        >
          <p className="member-dialog__why">Logg inn for å legge «{title}» til i listen din.</p>
          {ready && !loggedIn ? <LoginPanel service={service} level={2} onLoggedIn={onLoggedIn} /> : null}
          <form method="dialog" className="member-dialog__close">
            <button type="submit" className="button button--ghost">
              Avbryt
            </button>
          </form>
        </dialog>
      ) : null}
    </div>
  );
}

/** The film could not be added: announced, and the button stays for another try. */
function AddFailed() {
  return (
    <p className="member-notice member-notice--error" role="alert">
      Filmen ble ikke lagt til. Prøv igjen om litt.
    </p>
  );
}

/** The film's member info on first show, and the member's list once logged in. */
function useMovieInfoRequests(
  service: MemberServiceProps,
  edi: string,
  loggedIn: boolean,
  watchList: ReturnType<typeof useMemberState>["watchList"],
): void {
  useEffect(() => {
    void loadMovieInfo(service, edi);
  }, [service, edi]);
  useEffect(() => {
    if (loggedIn && watchList.items.length === 0 && !watchList.loading && !watchList.error) void loadWatchList(service);
    // Only on login: a later change of the list needs no new request.
  }, [loggedIn, service]);
}

/** The members' rating of the film: loading, the rating with its count, or none yet. */
function RatingLine({
  loading,
  movie,
}: {
  loading: boolean;
  movie: { rating: number | null; ratingCount: number | null } | null;
}) {
  return (
    <>
      {loading ? (
        <p className="member-rating__line member-rating__line--loading">Henter medlemmenes vurdering …</p>
      ) : null}
      {!loading && movie && movie.rating !== null ? (
        <p className="member-rating__line">
          <span className="member-rating__stars" aria-hidden="true">
            ★
          </span>{" "}
          Medlemmenes vurdering: <strong>{ratingFormat.format(movie.rating)}</strong> av 5
          {/* The space before the count stays outside it: the count is one unbreakable unit (site.css; a 375 px column broke it as '(117 / vurderinger)'). */}
          {movie.ratingCount !== null ? (
            <>
              {" "}
              <span className="member-rating__count">
                ({movie.ratingCount} {movie.ratingCount === 1 ? "vurdering" : "vurderinger"})
              </span>
            </>
          ) : null}
        </p>
      ) : null}
      {!loading && movie && movie.rating === null ? (
        <p className="member-rating__line">Ingen vurderinger fra medlemmer ennå.</p>
      ) : null}
    </>
  );
}
