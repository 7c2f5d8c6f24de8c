/**
 * Login, "Opprett konto" and "Glemt passord" (spec 3.1 inputs, 4.1 states, 8 errors) as one
 * panel with three forms, one shown at a time. The user error of the store is announced
 * (role=alert) and can be dismissed (spec 4.1: clearing the login error); switching forms or
 * editing a field clears it too. Focus moves to the heading of the form shown. No field
 * validation beyond the browser's own required/email types (spec 5 shows none).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { clearLoginError, logIn, requestNewPassword, signUp } from "../../../src/isomorphic/member/actions.js";
import { userErrorText, type UserForm } from "../../../src/isomorphic/member/messages.js";
import type { MemberError } from "../../../src/isomorphic/member/reducers.js";
import type { MemberServiceProps } from "../../../src/isomorphic/member/service.js";
import { useMemberState } from "../../../src/isomorphic/member/store.js";

export interface LoginPanelProps {
  service: MemberServiceProps;
  /** Heading level of the panel's form headings. */
  level: 2 | 3;
  /** Move focus into the panel when it appears (the header's "Logg inn", the login dialog). */
  focusOnShow?: boolean;
  /** Called after a successful login or signup. */
  onLoggedIn?: () => void;
}

const TITLES: Record<UserForm, string> = { login: "Logg inn", signup: "Opprett konto", forgot: "Glemt passord" };

export function LoginPanel({ service, level, focusOnShow = false, onLoggedIn }: LoginPanelProps) {
  const { user } = useMemberState();
  const [form, setForm] = useState<UserForm>("login");
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const id = useId();
  const Heading = `h${level}` as "h2" | "h3";

  useEffect(() => {
    if (moved.current || focusOnShow) heading.current?.focus();
    moved.current = true;
  }, [form, focusOnShow]);

  const show = (next: UserForm) => {
    if (user.error) clearLoginError();
    setSentTo(null);
    setForm(next);
  };
  const edited = () => {
    if (user.error) clearLoginError();
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? "");
    setSending(true);
    try {
      if (form === "login" && (await logIn(service, value("email").trim(), value("password")))) onLoggedIn?.();
      if (
        form === "signup" &&
        (await signUp(service, value("email").trim(), value("userName").trim(), value("password")))
      )
        onLoggedIn?.();
      if (form === "forgot" && (await requestNewPassword(service, value("email").trim())))
        setSentTo(value("email").trim());
    } finally {
      setSending(false);
    }
  };

  const busy = sending || user.loading;
  const emailSent = form === "forgot" && user.isEmailSent && sentTo !== null;

  return (
    <div className="member-panel">
      <Heading ref={heading} tabIndex={-1} className="member-panel__title">
        {TITLES[form]}
      </Heading>
      {emailSent ? (
        <EmailSentNotice sentTo={sentTo} onBack={() => show("login")} />
      ) : (
        <PanelForm id={id} form={form} busy={busy} error={user.error} onSubmit={submit} onEdit={edited} />
      )}
      <FormSwitch form={form} show={show} />
    </div>
  );
}

interface PanelFormProps {
  /** The panel's useId: the fields' ids are unique per panel and form. */
  id: string;
  form: UserForm;
  busy: boolean;
  /** The store's user error, announced until dismissed. */
  error: MemberError | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onEdit: () => void;
}

/** The form shown: its fields, the announced error and the submit button. */
function PanelForm({ id, form, busy, error, onSubmit, onEdit }: PanelFormProps) {
  const field = (name: string, label: string, type: string, autoComplete: string) => (
    <div className="member-form__field">
      <label htmlFor={`${id}-${form}-${name}`}>{label}</label>
      <input
        id={`${id}-${form}-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required
        onInput={onEdit}
        disabled={busy}
      />
    </div>
  );
  return (
    <form className="member-form" onSubmit={onSubmit} aria-busy={busy}>
      {form === "forgot" ? (
        <p className="member-form__hint">
          Skriv e-postadressen du er registrert med, så sender vi deg en lenke for å lage nytt passord.
        </p>
      ) : null}
      {field("email", "E-post", "email", form === "signup" ? "email" : "username")}
      {form === "signup" ? field("userName", "Navn", "text", "name") : null}
      {form !== "forgot"
        ? field("password", "Passord", "password", form === "signup" ? "new-password" : "current-password")
        : null}
      <div role="alert" className="member-form__alert">
        {error ? (
          <div className="member-notice member-notice--error">
            <p>{userErrorText(error, form)}</p>
            <button type="button" className="member-notice__close" onClick={() => clearLoginError()}>
              Skjul feilmeldingen
            </button>
          </div>
        ) : null}
      </div>
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Vent litt …" : form === "login" ? "Logg inn" : form === "signup" ? "Opprett konto" : "Send e-post"}
      </button>
    </form>
  );
}

/** After 'Glemt passord?': the e-mail is on its way, and the way back to logging in. */
function EmailSentNotice({ sentTo, onBack }: { sentTo: string; onBack: () => void }) {
  return (
    <div className="member-notice member-notice--ok" role="status">
      <p>
        <strong>E-post sendt.</strong> Hvis {sentTo} har en konto hos oss, får du straks en e-post med lenke for å lage
        nytt passord. Sjekk også søppelpost.
      </p>
      <button type="button" className="button button--ghost" onClick={onBack}>
        Tilbake til innlogging
      </button>
    </div>
  );
}

/** The links to the panel's other forms. */
function FormSwitch({ form, show }: { form: UserForm; show: (next: UserForm) => void }) {
  return (
    <div className="member-panel__switch">
      {form !== "login" ? (
        <button type="button" className="link-button" onClick={() => show("login")}>
          Har du konto? Logg inn
        </button>
      ) : (
        <>
          <button type="button" className="link-button" onClick={() => show("signup")}>
            Ny her? Opprett konto
          </button>
          <button type="button" className="link-button" onClick={() => show("forgot")}>
            Glemt passord?
          </button>
        </>
      )}
    </div>
  );
}
