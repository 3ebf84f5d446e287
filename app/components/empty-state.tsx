import { Icon, type IconName } from "~/components/kit";

/** What a page is for, shown while it has nothing to list. */
export function EmptyState({ icon, title, children }: { icon: IconName; title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon name={icon} className="h-6 w-6" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{title}</h2>
      <div className="mx-auto mt-2 max-w-md space-y-2 text-slate-600">{children}</div>
    </section>
  );
}
