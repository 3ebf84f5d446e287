import { Prose } from "./prose";

export function LegalPage({ page }: { page: { title: string; updated: string; displayDate: string; html: string } }) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <article>
        <header>
          <h1 className="text-3xl font-bold sm:text-4xl tracking-tight text-slate-900">{page.title}</h1>
          <p className="mt-3 text-sm text-slate-600">
            Last updated <time dateTime={page.updated}>{page.displayDate}</time>
          </p>
        </header>
        <div className="mt-8">
          <Prose html={page.html} />
        </div>
      </article>
    </main>
  );
}
