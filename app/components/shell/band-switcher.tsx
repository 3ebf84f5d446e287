import { useEffect, useRef } from "react";
import { Form, Link, useLocation } from "@remix-run/react";
import { closeOnEscape, Icon, RoleBadge, useIsPending } from "~/components/kit";
import { switchRedirectTarget } from "./navigation";

type BandItem = { band: { id: number; name: string }; membership: { role: string } };

/** Tab past an open disclosure closes it, instead of leaving it over what now has focus. */
export function closeOnFocusOut(event: React.FocusEvent<HTMLDetailsElement>) {
  if (event.relatedTarget instanceof Node && !event.currentTarget.contains(event.relatedTarget)) event.currentTarget.open = false;
}

/**
 * The current band with the user's role, and a list to switch to another. A <details>
 * opens and closes without JavaScript and from the keyboard; switching is a form POST.
 * With JavaScript it also closes on Escape, on a click outside, when focus moves on past
 * it and after navigating.
 */
export function BandSwitcher({ bands, current, inline = false }: { bands: BandItem[]; current: BandItem | null; inline?: boolean }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const switching = useIsPending({ formAction: "/bands/switch" });

  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const details = ref.current;
      if (details?.open && event.target instanceof Node && !details.contains(event.target)) details.open = false;
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, []);

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape and leaving by Tab close the native disclosure
    <details ref={ref} className="group/switcher relative" onKeyDown={closeOnEscape} onBlur={closeOnFocusOut}>
      <summary
        className="flex min-h-[44px] cursor-pointer list-none items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2 text-left hover:border-slate-300 hover:bg-slate-50"
        aria-busy={switching || undefined}
      >
        <span className="min-w-0 flex-1">
          <span className="sr-only">Switch band. Current band: </span>
          <span className="block truncate font-semibold text-slate-900">{current ? current.band.name : "No band selected"}</span>
          {current ? <RoleBadge role={current.membership.role} className="mt-1" /> : <span className="mt-0.5 block text-xs text-slate-600">Create one to get going</span>}
        </span>
        <Icon name="chevron" className="h-4 w-4 shrink-0 text-slate-500 transition-transform group-open/switcher:rotate-180" />
      </summary>
      <div
        className={`${inline ? "mt-2" : "absolute inset-x-0 top-full z-30 mt-2 shadow-lg"} flex max-h-band-list flex-col overflow-hidden rounded-lg border border-slate-200 bg-white`}
      >
        {bands.length ? (
          <Form method="post" action="/bands/switch" className="min-h-0 flex-1 overflow-y-auto p-1" aria-label="Your bands">
            <input type="hidden" name="redirectTo" value={`${switchRedirectTarget(location.pathname)}`} />
            <ul>
              {bands.map((item) => {
                const selected = item.band.id === current?.band.id;
                return (
                  <li key={item.band.id}>
                    <button
                      type="submit"
                      name="bandId"
                      value={item.band.id}
                      aria-current={selected ? "true" : undefined}
                      disabled={switching}
                      className={`flex min-h-[44px] w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm hover:bg-slate-100 ${selected ? "bg-brand-50 font-semibold text-brand-900" : "text-slate-800"}`}
                    >
                      <span className="min-w-0 flex-1">
                        <span className="block truncate">{item.band.name}</span>
                        <RoleBadge role={item.membership.role} className="mt-0.5" />
                      </span>
                      {selected ? <Icon name="check" className="h-4 w-4 shrink-0 text-brand-700" /> : <span className="w-4 shrink-0" />}
                    </button>
                  </li>
                );
              })}
            </ul>
          </Form>
        ) : null}
        <div className={`${bands.length ? "border-t border-slate-200" : ""} shrink-0 p-1`}>
          <Link to="/bands/new" className="flex min-h-[44px] items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50">
            <Icon name="plus" className="h-4 w-4" />
            Create a band
          </Link>
        </div>
      </div>
    </details>
  );
}
