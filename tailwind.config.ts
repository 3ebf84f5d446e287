import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        brand: {
          50: "#f5f3ff",
          100: "#ede9fe",
          500: "#7c3aed",
          600: "#6d28d9",
          700: "#5b21b6",
          900: "#2e1065",
        },
      },
      maxHeight: { "band-list": "15rem" },
      maxWidth: { toast: "420px" },
    },
  },
  plugins: [
    // A long word without a space wraps where it must, and lets its flex or grid box
    // shrink (break-words does not: a 120-character gig name still ran a phone's page wide).
    ({ addUtilities }: { addUtilities: (utilities: Record<string, Record<string, string>>) => void }) => addUtilities({ ".wrap-anywhere": { "overflow-wrap": "anywhere" } }),
  ],
} satisfies Config;
