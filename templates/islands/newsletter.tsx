/**
 * Newsletter island (news-subscribe block, docs/islands.md): the sign-up form posts the
 * address to the block's action URL, never in a query string. Without JavaScript the browser
 * posts the form itself; hydrated, it posts with fetch and says whether it worked, in a
 * status region, without leaving the page. Nothing is sent to the newsletter service before
 * the visitor submits (docs/spec-decisions.md, client).
 */
import { useState, type FormEvent } from "react";
import { useDomId } from "../ui/dom-id.js";

export interface NewsletterProps {
  /** The newsletter service's sign-up URL (https, checked by the server: safeHref). */
  action: string;
  buttonText: string;
}

type Status = "idle" | "sending" | "done" | "failed";

const MESSAGES: Record<Status, string> = {
  idle: "",
  sending: "Sender …",
  done: "Takk! Du er nå påmeldt nyhetsbrevet.",
  failed: "Påmeldingen gikk ikke gjennom. Prøv igjen senere.",
};

export function Newsletter({ action, buttonText }: NewsletterProps) {
  const inputId = useDomId("epost");
  const [status, setStatus] = useState<Status>("idle");
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setStatus("sending");
    try {
      const response = await fetch(action, {
        method: "POST",
        body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
        mode: "cors",
        credentials: "omit",
      });
      setStatus(response.ok ? "done" : "failed");
      if (response.ok) form.reset();
    } catch {
      setStatus("failed");
    }
  };
  return (
    <form className="inline-form" action={action} method="post" onSubmit={submit}>
      <label htmlFor={inputId}>E-postadresse</label>
      <div className="inline-form__row">
        <input id={inputId} type="email" name="email" autoComplete="email" required />
        <button type="submit" className="button" disabled={status === "sending"}>
          {buttonText}
        </button>
      </div>
      <p className={`inline-form__status inline-form__status--${status}`} role="status">
        {MESSAGES[status]}
      </p>
    </form>
  );
}
