import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/kit";
import { useSignedIn } from "~/utils/use-signed-in";

/** The sign-up prompt under articles; signed-in readers already have the app. */
export function CallToAction() {
  if (useSignedIn()) return null;
  return (
    <aside className="mt-12 rounded-lg border border-brand-100 bg-brand-50 p-6">
      <h2 className="text-lg font-semibold text-slate-900">Keep your band in one place</h2>
      <p className="mt-2 text-slate-700">Calendar, availability, setlists and songs, shared by the whole band. Free for small bands.</p>
      <p className="mt-4">
        <Link to="/login?mode=register" className={buttonClasses("primary")}>
          Start Free
        </Link>
      </p>
    </aside>
  );
}
