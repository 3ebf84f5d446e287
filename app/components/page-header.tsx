import { Link } from "@remix-run/react";

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
        <h1 className="min-w-0 break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        {aside}
      </div>
      {description ? <p className="mt-2 max-w-3xl text-slate-600">{description}</p> : null}
    </header>
  );
}
