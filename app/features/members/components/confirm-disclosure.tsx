import { buttonClasses } from "~/components/kit";

type ConfirmDisclosureProps = {
  /** The visible label of the button that opens the confirmation. */
  summary: React.ReactNode;
  children: React.ReactNode;
  open?: boolean;
  className?: string;
};

/**
 * A destructive action's second step, rendered by the server: the first button only
 * opens this panel (a <details>, so it works without JavaScript), and the panel holds
 * the form with the button that really does it.
 */
export function ConfirmDisclosure({ summary, children, open, className = "" }: ConfirmDisclosureProps) {
  return (
    <details open={open || undefined} className={`group min-w-0 max-w-full [overflow-wrap:anywhere] ${className}`}>
      <summary className={`${buttonClasses("secondary", "cursor-pointer list-none text-red-800 [&::-webkit-details-marker]:hidden")}`}>{summary}</summary>
      <div className="mt-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-950">{children}</div>
    </details>
  );
}
