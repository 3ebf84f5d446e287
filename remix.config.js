import { flatRoutes } from "remix-flat-routes";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // remix-flat-routes reads app/routes; Remix's own convention is switched off.
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes) =>
    flatRoutes("routes", defineRoutes, {
      ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/*.css"],
    }),
  serverModuleFormat: "esm",
  serverPlatform: "node",
  tailwind: true,
  postcss: false,
  watchPaths: ["./tailwind.config.ts"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
