import type { SubmissionResult } from "@conform-to/react";
import { Link, useLocation } from "@remix-run/react";
import { Suspense, forwardRef, lazy, useCallback, useEffect, useId, useRef, useState } from "react";
import type { NavIcon } from "~/components/shell/navigation";
import { avatarColor, displayName, type PersonName } from "~/utils/names";
import type { PageInfo } from "~/utils/pagination";
import { isRole, roleLabel, type Role } from "~/utils/roles";

/**
 * The UI nearly every page draws, in one module: buttons, the page header and pager,
 * form fields, avatars, role badges, icons and toasts. esbuild gives each set of routes
 * that share a module a chunk of its own, so as separate small modules these were a
 * dozen small scripts on every page, each with its own gzip and import overhead (about
 * 2.5 KB gzip a page, issue 11); in one module they are one chunk, loaded with the root.
 * The old module paths (~/components/ui/button, ~/components/forms, …) re-export from
 * here, so imports stay as they were. Decision 0010.
 */

// Defined in their own modules, re-exported so that those modules join this chunk: esbuild
// puts a module reached through the kit in the kit's chunk (when every route that imports
// it imports the kit too). Every route's error boundary and every signed-in page's title.
export { errorBoundaryWith, InsideMainContext, RouteErrorBoundary } from "~/components/error-screens";
export { pageTitle } from "~/utils/meta";
export { useIsPending } from "~/utils/use-is-pending";
export { useSignedIn } from "~/utils/use-signed-in";

// ----------------------------------------------------------------------
// Buttons (re-exported by ~/components/ui/button)

type Variant = "primary" | "secondary" | "ghost" | "danger";

const VARIANTS: Record<Variant, string> = {
  primary: "bg-brand-700 text-white hover:bg-brand-600 disabled:bg-brand-700/60",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-100",
  ghost: "text-slate-700 hover:bg-slate-100",
  danger: "bg-red-700 text-white hover:bg-red-600",
};

export function buttonClasses(variant: Variant = "primary", extra = "") {
  return `inline-flex min-h-[44px] items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed ${VARIANTS[variant]} ${extra}`;
}

type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; pending?: boolean; pendingText?: string };

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "primary", pending = false, pendingText, className = "", children, disabled, ...props },
  ref,
) {
  return (
    <button ref={ref} className={buttonClasses(variant, className)} disabled={disabled || pending} aria-busy={pending || undefined} {...props}>
      {pending ? (
        <>
          <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-current border-r-transparent" />
          {pendingText ?? children}
        </>
      ) : (
        children
      )}
    </button>
  );
});

// ----------------------------------------------------------------------
// Page header (re-exported by ~/components/page-header)

type ConfirmDisclosureProps = {
  /** The visible label of the button that opens the confirmation. */
  summary: React.ReactNode;
  children: React.ReactNode;
  open?: boolean;
  className?: string;
};

/** With JavaScript, Escape closes the open disclosure it is pressed in and puts the keyboard back on its summary. */
export function closeOnEscape(event: React.KeyboardEvent<HTMLDetailsElement>) {
  const details = event.currentTarget;
  if (event.key !== "Escape" || !details.open) return;
  event.stopPropagation();
  details.open = false;
  details.querySelector("summary")?.focus();
}

/**
 * A destructive action's second step, rendered by the server: the first button only
 * opens this panel (a <details>, so it works without JavaScript), and the panel holds
 * the form with the button that really does it.
 */
export function ConfirmDisclosure({ summary, children, open, className = "" }: ConfirmDisclosureProps) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape closes the native disclosure
    <details open={open || undefined} onKeyDown={closeOnEscape} className={`group min-w-0 max-w-full [overflow-wrap:anywhere] ${className}`}>
      <summary className={`${buttonClasses("secondary", "cursor-pointer list-none text-red-800 [&::-webkit-details-marker]:hidden")}`}>{summary}</summary>
      <div className="mt-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-950">{children}</div>
    </details>
  );
}

type PageHeaderProps = {
  title: React.ReactNode;
  description?: React.ReactNode;
  /** A way back up, for detail pages ("← Calendar"). */
  back?: { to: string; label: string };
  /** Badges or counts beside the title. */
  aside?: React.ReactNode;
};

export function PageHeader({ title, description, back, aside }: PageHeaderProps) {
  return (
    <header>
      {back ? (
        <p className="-mt-3 mb-1 text-sm">
          <Link to={back.to} className="inline-flex min-h-[44px] items-center font-medium text-brand-700 underline-offset-4 hover:underline">
            <span aria-hidden="true">←&nbsp;</span>
            {back.label}
          </Link>
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h1 className="min-w-0 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        {aside}
      </div>
      {description ? <p className="mt-2 max-w-3xl text-slate-600">{description}</p> : null}
    </header>
  );
}

// ----------------------------------------------------------------------
// Pager (re-exported by ~/components/pager)

/**
 * Previous/next links for a long list (plain links with ?page=, so they work without
 * JavaScript); other query parameters are kept. Nothing when everything fits one page.
 * `hash`: where the next page opens ("#audit-heading" for a list below the page's top).
 */
export function Pager({ page, pageCount, total, first, shown, label = "Pages", hash = "" }: PageInfo & { shown: number; label?: string; hash?: string }) {
  const { search } = useLocation();
  if (pageCount <= 1) return null;
  const to = (target: number) => {
    const params = new URLSearchParams(search);
    if (target === 1) params.delete("page");
    else params.set("page", String(target));
    const query = params.toString();
    return `?${query}${hash}`;
  };
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600">
        {`Showing ${first}–${first + shown - 1} of ${total} · page ${page} of ${pageCount}`}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={to(page - 1)} className={buttonClasses("secondary")} rel="prev">
            Previous
          </Link>
        ) : null}
        {page < pageCount ? (
          <Link to={to(page + 1)} className={buttonClasses("secondary")} rel="next">
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

// ----------------------------------------------------------------------
// Form fields (re-exported by ~/components/forms)

export type ListOfErrors = Array<string | null | undefined> | null | undefined;

/**
 * conform's reply to a form's last submission (`submission.reply()` in the action). Forms
 * validate on the server only, so the browser needs none of conform's client (9 KB gzip):
 * a form reads its messages (`result.error[name]`, `""` for the form's own) and the values
 * to show again straight from the reply. Decision 0010.
 */
export type FormResult = SubmissionResult<string[]> | null | undefined;

/**
 * What a field shows: what the user sent when the server refused the form (conform's
 * reply keeps it, passwords left out), else the page's own value. Like conform, a reply
 * replaces the defaults as a whole (an unticked box stays unticked).
 */
export function shownValue(result: FormResult, name: string, defaults?: Record<string, unknown>): string | undefined {
  const value = (result?.initialValue ?? defaults)?.[name];
  return value === null || value === undefined ? undefined : String(value);
}

/** The form's own messages (conform's formErrors), not about one field. */
export function formErrorsOf(result: FormResult) {
  return result?.error?.[""] ?? null;
}

/**
 * With JavaScript, a refused submit moves focus to the first field in error, as
 * conform's client did; without it the page reloads with the messages in place.
 */
export function useFocusFirstError(result: FormResult) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // The first of: a field in error, what an alert asks (a conflict's "Save anyway"), the
    // submit button. The pressed button was disabled while sending, and focus would
    // otherwise start again at the top of the page.
    // (A field in error wins over a button earlier in the form, such as the song form's Look up.)
    const el = result?.status === "error" ? form.current : null;
    (el?.querySelector<HTMLElement>("[aria-invalid],[role=alert] input") ?? el?.querySelector<HTMLElement>("button:not([type=button])"))?.focus();
  }, [result]);
  return form;
}

export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const messages = [...new Set(errors?.filter(Boolean))];
  if (!messages.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5">
      {messages.map((message) => (
        <li key={message} className="text-sm text-red-700">
          {message}
        </li>
      ))}
    </ul>
  );
}

/** A text box's look (the instrument boxes of /members use it without the label's gap). */
export const CONTROL =
  "block min-h-[44px] w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600 aria-[invalid]:border-red-600";
export const CONTROL_CLASSES = `mt-1 ${CONTROL}`;

type FieldProps = {
  label: string;
  inputProps: React.InputHTMLAttributes<HTMLInputElement>;
  errors?: ListOfErrors;
  hint?: string;
  className?: string;
};

export function Field({ label, inputProps, errors, hint, className = "" }: FieldProps) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        {...inputProps}
        id={id}
        // A page that comes back with errors (from the server, without JavaScript) opens on
        // the first one: the browser focuses the document's first autofocus field.
        // eslint-disable-next-line jsx-a11y/no-autofocus -- only on a field with an error
        autoFocus={errorId ? true : inputProps.autoFocus}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(" ") || undefined}
        className={CONTROL_CLASSES}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

type SelectFieldProps = {
  label: string;
  hint?: string;
  /** conform's getSelectProps(), or plain select attributes. */
  selectProps: React.SelectHTMLAttributes<HTMLSelectElement> & { key?: React.Key | null };
  errors?: ListOfErrors;
  children: React.ReactNode;
};

export function SelectField({ label, hint, selectProps, errors, children }: SelectFieldProps) {
  const fallbackId = useId();
  const id = selectProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const { key: _key, ...props } = selectProps;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        {...props}
        id={id}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- only on a field with an error (see Field)
        autoFocus={errorId ? true : props.autoFocus}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(" ") || undefined}
        className={CONTROL_CLASSES}
      >
        {children}
      </select>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

// ----------------------------------------------------------------------
// Avatar (re-exported by ~/components/avatar)

export type AvatarSize = "xs" | "sm" | "md" | "lg" | "xl";

const SIZES: Record<AvatarSize, string> = {
  xs: "h-6 w-6 text-[0.625rem]",
  sm: "h-8 w-8 text-xs",
  md: "h-10 w-10 text-sm",
  lg: "h-14 w-14 text-lg",
  xl: "h-20 w-20 text-2xl",
};

type AvatarProps = {
  person: PersonName & { id?: string | null; profileImageUrl?: string | null };
  /** The member's position in the band, for the palette step; otherwise the id's hash decides. */
  position?: number | null;
  size?: AvatarSize;
  /** Set when a visible name sits beside the avatar, so screen readers do not hear it twice. */
  decorative?: boolean;
  /**
   * The letters shown: the member's among the band (resolveInitials), else the person's own
   * (initials()), made on the server: a name's letters need Intl.Segmenter's code, which
   * the browser need not load.
   */
  initials: string;
  className?: string;
};

/** A CSS url() for `address`, with the characters that could end the string percent-encoded. */
export function cssUrl(address: string) {
  return `url("${address.replace(/["'\\()\s]/g, (c) => encodeURIComponent(c))}")`;
}

/**
 * The person's picture over their initials on a palette colour readable with white text.
 * The picture is a background image on a layer above the initials, so a picture that
 * fails to load leaves the initials showing, with or without JavaScript.
 */
export function Avatar({ person, position, size = "md", decorative = false, className = "", initials: letters }: AvatarProps) {
  const name = displayName(person);
  const base = `relative inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full font-semibold ${SIZES[size]} ${className}`;
  return (
    <span
      className={`${base} text-white`}
      style={{ backgroundColor: avatarColor({ position, userId: person.id }) }}
      role={decorative ? undefined : "img"}
      aria-label={decorative ? undefined : name}
      aria-hidden={decorative || undefined}
    >
      {letters}
      {person.profileImageUrl ? (
        <span data-avatar-picture="" aria-hidden="true" className="absolute inset-0 bg-cover bg-center" style={{ backgroundImage: cssUrl(person.profileImageUrl) }} />
      ) : null}
    </span>
  );
}

// ----------------------------------------------------------------------
// Role badge (re-exported by ~/components/role-badge)

// Spec section 6 colours; 800/900 text on 100 backgrounds keeps contrast well above 4.5:1.
const ROLE_CLASSES: Record<Role, string> = {
  band_leader: "bg-purple-100 text-purple-900 ring-purple-300",
  band_admin: "bg-blue-100 text-blue-900 ring-blue-300",
  band_member: "bg-green-100 text-green-900 ring-green-300",
  sub: "bg-yellow-100 text-yellow-900 ring-yellow-400",
};
const UNKNOWN_CLASSES = "bg-slate-100 text-slate-800 ring-slate-300";

export function RoleBadge({ role, className = "" }: { role: string; className?: string }) {
  const colours = isRole(role) ? ROLE_CLASSES[role] : UNKNOWN_CLASSES;
  return (
    <span className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${colours} ${className}`}>
      {roleLabel(role)}
    </span>
  );
}

// ----------------------------------------------------------------------
// Icons (re-exported by ~/components/shell/icons)

// Outline icons in the style of Feather (MIT); drawn inline so no icon font is loaded.
// One path each (rectangles and circles written as path data): a string, not a React tree.
const PATHS: Record<NavIcon | "menu" | "close" | "chevron" | "logout" | "check" | "plus", string> = {
  start: "M4 22V4m0 0h12l-2.5 4.5L16 13H4",
  dashboard: "M4 3h5a1 1 0 0 1 1 1v7a1 1 0 0 1-1 1h-5a1 1 0 0 1-1-1v-7a1 1 0 0 1 1-1zM15 3h5a1 1 0 0 1 1 1v3a1 1 0 0 1-1 1h-5a1 1 0 0 1-1-1v-3a1 1 0 0 1 1-1zM15 12h5a1 1 0 0 1 1 1v7a1 1 0 0 1-1 1h-5a1 1 0 0 1-1-1v-7a1 1 0 0 1 1-1zM4 16h5a1 1 0 0 1 1 1v3a1 1 0 0 1-1 1h-5a1 1 0 0 1-1-1v-3a1 1 0 0 1 1-1z",
  calendar: "M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-14a2 2 0 0 1-2-2v-14a2 2 0 0 1 2-2zM16 2v4M8 2v4M3 10h18",
  setlists: "M9 6h12M9 12h12M9 18h12M4 6h.01M4 12h.01M4 18h.01",
  songs: "M9 18V5l12-2v13M3 18a3 3 0 1 0 6 0a3 3 0 1 0-6 0M15 16a3 3 0 1 0 6 0a3 3 0 1 0-6 0",
  members: "M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2M5 7a4 4 0 1 0 8 0a4 4 0 1 0-8 0M23 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75",
  finances: "M12 1v22M17 5H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6",
  blog: "M4 19.5A2.5 2.5 0 0 1 6.5 17H20V2H6.5A2.5 2.5 0 0 0 4 4.5v15A2.5 2.5 0 0 0 6.5 22H20v-5",
  settings: "M4 21v-7M4 10V3M12 21v-9M12 8V3M20 21v-5M20 12V3M1 14h6M9 8h6M17 16h6",
  admin: "M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z",
  menu: "M3 6h18M3 12h18M3 18h18",
  close: "M18 6 6 18M6 6l12 12",
  chevron: "m6 9 6 6 6-6",
  logout: "M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9",
  check: "M20 6 9 17l-5-5",
  plus: "M12 5v14M5 12h14",
};

export type IconName = keyof typeof PATHS;

export function Icon({ name, className = "h-5 w-5" }: { name: IconName; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className={className} aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}

// ----------------------------------------------------------------------
// Toasts (re-exported by ~/components/ui/toaster)

// Offline (a failed RSVP in a basement), the chunk cannot load either: the toast then
// shows as static markup instead of the import's error taking the page down.
const RadixToasts = lazy(() =>
  import("~/components/ui/radix-toasts").catch(() => ({
    default: ({ toasts }: { toasts: (ToastMessage & { open: boolean })[]; dismiss: (id: string) => void; onLoad: () => void; focus: boolean }) =>
      toasts[0]?.open ? <StaticToast toast={toasts[0]} /> : null,
  })),
);

// Section 9 of the spec: one toast at a time, 5 s, swipe right past 50 px, F8.
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastMessage = {
  id: string;
  title: string;
  description?: string;
  type?: "default" | "destructive";
  action?: { label: string; altText: string; onClick: () => void };
};

export function toastClasses(type: ToastMessage["type"]) {
  return type === "destructive" ? "border-red-700 bg-red-700 text-white" : "border-slate-200 bg-white text-slate-900";
}

let listener: ((toast: Omit<ToastMessage, "id"> & { id?: string }) => void) | null = null;
/** Shows a toast from anywhere in client code. */
export function showToast(toast: Omit<ToastMessage, "id"> & { id?: string }) {
  // The Toaster gives it an id when it has none.
  listener?.(toast);
}


/**
 * A server flash toast as plain HTML, for the page as the server sends it: browsers
 * without JavaScript keep it (it fades after the toast duration with CSS alone), and
 * hydration swaps it for the Radix toast. Not a <noscript>: browsers that disable
 * scripting per site still parse <noscript> as text.
 */
function StaticToast({ toast }: { toast: ToastMessage }) {
  return (
    <div className="static-toast fixed bottom-20 right-4 z-50 w-[calc(100%-2rem)] max-w-toast md:bottom-4">
      <div role="status" className={`rounded-lg border p-4 shadow-lg ${toastClasses(toast.type)}`}>
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm opacity-90">{toast.description}</p> : null}
      </div>
    </div>
  );
}

export function Toaster({ toast, children }: { toast: ToastMessage | null; children?: React.ReactNode }) {
  const [toasts, setToasts] = useState<(ToastMessage & { open: boolean })[]>([]);
  const [hydrated, setHydrated] = useState(false);
  // "f8": loaded by the key, so the region takes the focus as it arrives.
  const [loaded, setLoaded] = useState<boolean | "f8">(false);
  const markLoaded = useCallback(() => setLoaded(true), []);

  const show = useCallback((next: Omit<ToastMessage, "id"> & { id?: string }) => {
    const id = next.id ?? Math.random().toString(36).slice(2);
    setToasts((current) => [{ ...next, id, open: true }, ...current.filter((t) => t.id !== id)].slice(0, TOAST_LIMIT));
  }, []);

  useEffect(() => {
    listener = show;
    // F8 focuses the notification region (spec) before any toast has loaded it too: the
    // key loads the region, which then takes the focus (radix-toasts.tsx). Once loaded,
    // the key is Radix's too.
    const f8 = (event: KeyboardEvent) => event.code == "F8" && setLoaded("f8");
    document.addEventListener("keydown", f8);
    return () => {
      document.removeEventListener("keydown", f8);
      if (listener === show) listener = null;
    };
  }, [show]);

  // A server flash toast joins the client queue only after hydration, so the first
  // client render matches the server's markup (the static fallback).
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setHydrated(true);
    if (toast) show(toast);
  }, [toast, show]);

  const dismiss = (id: string) => {
    setToasts((current) => current.map((t) => (t.id === id ? { ...t, open: false } : t)));
    setTimeout(() => setToasts((current) => current.filter((t) => t.id !== id || t.open)), TOAST_REMOVE_DELAY_MS);
  };

  return (
    <>
      {children}
      {toast && !hydrated ? <StaticToast toast={toast} /> : null}
      {toasts.length > 0 || loaded ? (
        // Radix (13 KB gzip) is fetched with the first toast, not with every page: until
        // it arrives the toast shows as the static markup.
        <Suspense fallback={toasts[0] ? <StaticToast toast={toasts[0]} /> : null}>
          <RadixToasts toasts={toasts} dismiss={dismiss} onLoad={markLoaded} focus={loaded == "f8"} />
        </Suspense>
      ) : null}
    </>
  );
}
