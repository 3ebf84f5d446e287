import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default defineConfig(
  globalIgnores([
    "build/",
    "public/build/",
    "app/generated/",
    "node_modules/",
    "data/",
    "tests/.tmp/",
    "test-results/",
    "playwright-report/",
    "blob-report/",
    ".cache/",
  ]),
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ["**/*.{js,jsx,ts,tsx}"],
    languageOptions: { ecmaVersion: "latest", sourceType: "module" },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          args: "after-used",
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // Routes run on both sides and scripts, configs and tests on Node.
    files: ["**/*.{js,jsx,ts,tsx}"],
    ignores: ["public/**"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    // The service worker and other static scripts run in the browser only.
    files: ["public/**/*.js"],
    languageOptions: { globals: { ...globals.serviceworker, ...globals.browser } },
  },
  {
    // Remix's ambient declarations pull in type packages this way.
    files: ["**/*.d.ts"],
    rules: { "@typescript-eslint/triple-slash-reference": "off" },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    extends: [reactHooks.configs.flat["recommended-latest"]],
  },
  {
    files: ["**/*.{jsx,tsx}"],
    extends: [jsxA11y.flatConfigs.recommended],
    rules: {
      // A wide table's scroll box is a named region a keyboard must reach to scroll it
      // (axe's scrollable-region-focusable, WCAG 2.1.1): role="region" may take tabIndex.
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"], allowExpressionValues: true }],
    },
  },
);
