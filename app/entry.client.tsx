import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});

if ("serviceWorker" in navigator && process.env.NODE_ENV === "production") {
  const register = () => navigator.serviceWorker.register("/sw.js").catch((error) => console.warn("Service worker registration failed", error));
  // Remix loads this module with a dynamic import, which often runs after "load" has fired.
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
