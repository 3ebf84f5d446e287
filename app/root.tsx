import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { getUserForDocument } from "~/features/auth/auth.server";
import { currentBandCookieHeader, listBandsForUser, readCurrentBandCookie, resolveCurrentBand } from "~/features/bands/bands.server";
import { getOnboardingStatus } from "~/features/bands/onboarding.server";
import { getToast } from "~/utils/toast.server";
import { useNonce } from "~/utils/nonce-provider";
import { Toaster } from "~/components/ui/toaster";
import { NotFound, ErrorScreen } from "~/components/error-screens";
import tailwind from "~/styles/tailwind.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tailwind },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export const meta: MetaFunction = () => [
  { title: "Bandroom — run your band in one place" },
  { name: "description", content: "Gigs and rehearsals, who can make it, what to play, and who is owed what: one shared place for your band." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const headers = new Headers();
  const [{ user, setCookie }, { toast, setCookie: clearToast }] = await Promise.all([getUserForDocument(request), getToast(request)]);
  if (setCookie) headers.append("Set-Cookie", setCookie);
  if (clearToast) headers.append("Set-Cookie", clearToast);

  if (!user) return data({ user: null, bands: [], currentBand: null, onboarding: null, toast }, { headers });

  const [bands, storedBandId] = await Promise.all([listBandsForUser(user.id), readCurrentBandCookie(request)]);
  const currentBand = resolveCurrentBand(bands, storedBandId, user.preferredBandId);
  const resolvedId = currentBand?.band.id ?? null;
  if (storedBandId !== resolvedId) headers.append("Set-Cookie", await currentBandCookieHeader(resolvedId));
  const onboarding = currentBand ? await getOnboardingStatus(currentBand.band.id) : null;
  return data({ user, bands, currentBand, onboarding, toast }, { headers });
}

export type RootLoaderData = typeof loader;

export function useRootData() {
  return useRouteLoaderData<RootLoaderData>("root");
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const root = useRootData();
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#5b21b6" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-full">
        {children}
        <Toaster toast={root?.toast ?? null} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <ErrorScreen error={error} />;
}
