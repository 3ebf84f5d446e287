/**
 * /admin's charts: SVG drawn on the server (no chart library, no script), each with its
 * figures as a table beside it, so they read without JavaScript and to a screen reader.
 */
import { formatDayShort } from "~/features/availability/local-day";

type Day = { day: string; count: number };

// A day of the chart as "Jan 5, 2024". Charts render in the browser too: a calendar day
// needs no time zone (utils/dates' zone handling stays on the server).
const dayLabel = formatDayShort;

export function SignupsChart({ days }: { days: Day[] }) {
  const width = 720;
  const height = 160;
  const top = 12;
  const bottom = 24;
  const left = 32;
  const max = Math.max(1, ...days.map((day) => day.count));
  const slot = (width - left) / days.length;
  const bar = Math.max(1, slot - 2);
  const scale = (count: number) => ((height - top - bottom) * count) / max;
  const total = days.reduce((sum, day) => sum + day.count, 0);
  const first = days[0]?.day;
  const last = days.at(-1)?.day;
  const summary = first && last ? `${total} sign-ups from ${dayLabel(first)} to ${dayLabel(last)}; the busiest day had ${max === 1 && total === 0 ? 0 : max}.` : "No data.";
  return (
    <figure>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby="signups-chart-title signups-chart-desc" className="h-auto w-full text-brand-700">
        <title id="signups-chart-title">Sign-ups per day, last {days.length} days</title>
        <desc id="signups-chart-desc">{summary}</desc>
        <line x1={left} y1={height - bottom} x2={width} y2={height - bottom} className="stroke-slate-300" strokeWidth="1" />
        <text x={left - 6} y={top + 4} textAnchor="end" className="fill-slate-600 text-[10px]">
          {max}
        </text>
        <text x={left - 6} y={height - bottom} textAnchor="end" className="fill-slate-600 text-[10px]">
          0
        </text>
        {days.map((day, index) => {
          const h = scale(day.count);
          return (
            <rect key={day.day} x={left + index * slot + 1} y={height - bottom - h} width={bar} height={h} className="fill-current">
              <title>{`${dayLabel(day.day)}: ${day.count}`}</title>
            </rect>
          );
        })}
        {first ? (
          <text x={left} y={height - 6} className="fill-slate-600 text-[10px]">
            {dayLabel(first)}
          </text>
        ) : null}
        {last ? (
          <text x={width} y={height - 6} textAnchor="end" className="fill-slate-600 text-[10px]">
            {dayLabel(last)}
          </text>
        ) : null}
      </svg>
      <figcaption className="mt-1 text-sm text-slate-600">{summary} Days are UTC.</figcaption>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">Sign-ups per day as a table</summary>
        <div className="mt-2 max-h-72 overflow-y-auto">
          <table className="w-full text-left">
            <caption className="sr-only">Sign-ups per day</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-4 font-semibold">
                  Day
                </th>
                <th scope="col" className="py-1 font-semibold">
                  Sign-ups
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.day} className="border-t border-slate-100">
                  <td className="py-1 pr-4">
                    <time dateTime={day.day}>{dayLabel(day.day)}</time>
                  </td>
                  <td className="py-1 tabular-nums">{day.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

type Step = { key: string; label: string; count: number; source: string; conversion: number | null };

export function FunnelChart({ steps, days }: { steps: Step[]; days: number }) {
  const width = 720;
  const row = 28;
  const labelWidth = 130;
  const height = steps.length * row;
  const max = Math.max(1, ...steps.map((step) => step.count));
  return (
    <div>
      <svg viewBox={`0 0 ${width} ${height}`} aria-hidden="true" className="h-auto w-full text-brand-700">
        {steps.map((step, index) => {
          const w = ((width - labelWidth - 60) * step.count) / max;
          return (
            <g key={step.key} transform={`translate(0 ${index * row})`}>
              <text x={labelWidth - 8} y={row / 2 + 4} textAnchor="end" className="fill-slate-700 text-[12px]">
                {step.label}
              </text>
              <rect x={labelWidth} y={4} width={Math.max(step.count ? 2 : 0, w)} height={row - 8} rx="3" className="fill-current" />
              <text x={labelWidth + w + 6} y={row / 2 + 4} className="fill-slate-900 text-[12px]">
                {step.count}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="mt-3 w-full text-left text-sm">
        <caption className="sr-only">Funnel, last {days} days</caption>
        <thead className="border-b border-slate-200">
          <tr>
            <th scope="col" className="py-1.5 pr-4 font-semibold">
              Step
            </th>
            <th scope="col" className="py-1.5 pr-4 text-right font-semibold">
              People
            </th>
            <th scope="col" className="py-1.5 pr-4 text-right font-semibold">
              From the step before
            </th>
            <th scope="col" className="hidden py-1.5 font-semibold sm:table-cell">
              Counted from
            </th>
          </tr>
        </thead>
        <tbody>
          {steps.map((step) => (
            <tr key={step.key} className="border-b border-slate-100">
              <th scope="row" className="py-1.5 pr-4 font-medium">
                {step.label}
              </th>
              <td className="py-1.5 pr-4 text-right tabular-nums">{step.count}</td>
              <td className="py-1.5 pr-4 text-right tabular-nums">{step.conversion === null ? "—" : `${step.conversion}%`}</td>
              <td className="hidden py-1.5 text-slate-600 sm:table-cell">{step.source}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
