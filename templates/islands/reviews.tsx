/**
 * Member reviews of a film (spec 7.1 reviews: skip 0, take 20): user name, image, rating,
 * date, comment and likes, all user-written text rendered as text (React escapes it; no HTML
 * is ever injected). Loading, failure (spec 8: the error is kept, with a retry) and an honest
 * empty state.
 */
import { useEffect } from "react";
import { loadReviews } from "../../src/isomorphic/member/actions.js";
import { dateTimeAttribute, formatMemberTime } from "../../src/isomorphic/member/member-time.js";
import { sectionErrorText } from "../../src/isomorphic/member/messages.js";
import type { MemberServiceProps } from "../../src/isomorphic/member/service.js";
import { useMemberState } from "../../src/isomorphic/member/store.js";
import type { Review } from "../../src/isomorphic/member-fields.js";

export interface ReviewsProps {
  service: MemberServiceProps;
  edi: string;
}

export function Reviews({ service, edi }: ReviewsProps) {
  const slice = useMemberState().reviews[edi];
  useEffect(() => {
    void loadReviews(service, edi);
  }, [service, edi]);
  if (!slice || slice.loading) {
    return (
      <p className="reviews__status" role="status">
        Henter anmeldelser …
      </p>
    );
  }
  if (slice.error) {
    return (
      <div className="member-notice member-notice--error" role="alert">
        <p>{sectionErrorText(slice.error, "anmeldelsene")}</p>
        <button type="button" className="button button--ghost" onClick={() => void loadReviews(service, edi)}>
          Prøv igjen
        </button>
      </div>
    );
  }
  if (slice.items.length === 0)
    return <p className="reviews__status">Ingen medlemmer har anmeldt denne filmen ennå.</p>;
  return (
    <ul className="review-list">
      {slice.items.map((review, index) => (
        <ReviewItem key={`${review.id}-${index}`} review={review} />
      ))}
    </ul>
  );
}

function ReviewItem({ review }: { review: Review }) {
  const name = review.userName?.trim() || "Anonym";
  const date = formatMemberTime(review.addedAt);
  const image = review.image && /^https:\/\//i.test(review.image) ? review.image : null;
  return (
    <li className="review">
      <div className="review__head">
        {image ? (
          <img className="review__avatar" src={image} alt="" width={40} height={40} loading="lazy" />
        ) : (
          <span className="review__avatar review__avatar--initial" aria-hidden="true">
            {initialOf(name)}
          </span>
        )}
        <div>
          <p className="review__name">{name}</p>
          {date ? (
            <time className="review__date" dateTime={dateTimeAttribute(review.addedAt)}>
              {date.replace(/ kl\. .*$/, "")}
            </time>
          ) : null}
        </div>
        {review.rating !== null ? (
          <p className="review__rating">
            <span aria-hidden="true">
              {"★".repeat(clampStars(review.rating))}
              {"☆".repeat(5 - clampStars(review.rating))}
            </span>
            <span className="visually-hidden">{`Vurdering ${clampStars(review.rating)} av 5`}</span>
          </p>
        ) : null}
      </div>
      {review.comment ? <p className="review__comment">{review.comment}</p> : null}
      {review.likesCount ? <p className="review__likes">{review.likesCount} liker dette</p> : null}
    </li>
  );
}

/** The first character of the name as shown ('<b>Per</b>' is text: '<'), not its first letter. */
export function initialOf(name: string): string {
  return (Array.from(name)[0] ?? "?").toUpperCase();
}

function clampStars(rating: number): number {
  return Math.max(0, Math.min(5, Math.round(rating)));
}
