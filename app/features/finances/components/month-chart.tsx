import { useId } from "react";
import type { MonthChart as Chart } from "~/features/finances/reports";

/** Blue and orange: apart for the common kinds of colour blindness, each above 4.5:1 on white. */
export const CHART_COLOURS = { income: "#1d4ed8", expense: "#c2410c" } as const;

type Props = {
  chart: Chart;
  title: string;
  description: string;
  /** Formatted amounts of the gridlines, bottom up. */
  tickLabels: string[];
};

/**
 * Income and expenses per month as bars, drawn on the server as plain SVG: no script,
 * readable without JavaScript. A picture to screen readers (role="img" with a title and a
 * description); the table beside it holds every figure.
 */
export function MonthChart({ chart, title, description, tickLabels }: Props) {
  const id = useId();
  return (
    <figure className="space-y-2">
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${chart.width} ${chart.height}`}
        className="h-auto w-full max-w-3xl"
        data-testid="month-chart"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <g fontSize="12" fill="#475569">
          {chart.ticks.map((tick, index) => (
            <g key={tick.minor}>
              <line x1={chart.plot.left} x2={chart.plot.right} y1={tick.y} y2={tick.y} stroke={index === 0 ? "#334155" : "#cbd5e1"} strokeWidth="1" />
              <text x={chart.plot.left - 6} y={tick.y + 4} textAnchor="end">
                {tickLabels[index]}
              </text>
            </g>
          ))}
          {chart.months.map((month) => (
            <text key={month.name} x={month.x} y={chart.height - 8} textAnchor="middle">
              {month.label}
            </text>
          ))}
        </g>
        {chart.months.map((month) => (
          <g key={month.name}>
            <rect x={month.income.x} y={month.income.y} width={month.income.width} height={month.income.height} fill={CHART_COLOURS.income} data-kind="income" />
            <rect x={month.expense.x} y={month.expense.y} width={month.expense.width} height={month.expense.height} fill={CHART_COLOURS.expense} data-kind="expense" />
          </g>
        ))}
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-sm text-slate-700">
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm" style={{ backgroundColor: CHART_COLOURS.income }} />
          Income
        </span>
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm" style={{ backgroundColor: CHART_COLOURS.expense }} />
          Expenses
        </span>
      </figcaption>
    </figure>
  );
}
