import { Link, useLocation } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import type { PageInfo } from "~/utils/pagination";

/**
 * Previous/next links for a long list (plain links with ?page=, so they work without
 * JavaScript); other query parameters are kept. Nothing when everything fits one page.
 */
export function Pager({ page, pageCount, total, first, shown, label = "Pages" }: PageInfo & { shown: number; label?: string }) {
  const { search } = useLocation();
  if (pageCount <= 1) return null;
  const to = (target: number) => {
    const params = new URLSearchParams(search);
    if (target === 1) params.delete("page");
    else params.set("page", String(target));
    const query = params.toString();
    return query ? `?${query}` : "?";
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
