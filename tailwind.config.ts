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
  plugins: [],
} satisfies Config;
