import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { listGuides } from "~/features/content/content.server";

export async function loader() {
  return { guides: await listGuides() };
}

export default function ResourcesIndex() {
  const { guides } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold sm:text-4xl tracking-tight text-slate-900">Resources</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-600">
        Guides for working bands: getting more from your song data, building sets that hold a room, and running the band without the chaos.
      </p>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {guides.map((guide) => (
          <li key={guide.href} className="relative flex flex-col rounded-lg border border-slate-200 bg-white p-6 shadow-sm focus-within:ring-2 focus-within:ring-brand-600 hover:border-brand-500">
            <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{guide.categoryLabel}</p>
            <h2 className="mt-2 text-xl font-semibold tracking-tight text-slate-900">
              {/* The link's box covers the card, so the whole card is one large target. */}
              <Link to={guide.href} className="outline-none after:absolute after:inset-0 after:content-['']">
                {guide.title}
              </Link>
            </h2>
            <p className="mt-3 flex-1 text-slate-700">{guide.description}</p>
            <p className="mt-4 text-sm text-slate-600">{guide.readingMinutes} min read</p>
          </li>
        ))}
      </ul>
    </main>
  );
}

export const meta: MetaFunction = () => [
  { title: "Resources | Bandroom" },
  { name: "description", content: "Guides for working bands: song analytics, setlist strategy and band management." },
];
