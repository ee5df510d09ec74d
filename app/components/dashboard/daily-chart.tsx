/**
 * A per-day line chart drawn on the server as inline SVG (docs/dashboard.md): no chart library and
 * no JavaScript. Accessible as an image with a title and a text summary (role="img"), with axis
 * labels and a visible legend; the series differ by line style and marker shape as well as
 * colour, and the same numbers are in a table below, so nothing is told by colour alone.
 */
import { useId } from "react";
import { formatCalendarDate } from "~/utils/dates";
import { DataTable } from "./data-table";

export interface DailySeries {
  label: string;
  /** One value per entry of `dates`. */
  values: readonly number[];
  /** How a value reads in the summary and the table (e.g. kg with decimals); default String. */
  format?: (value: number) => string;
}

interface DailyChartProps {
  title: string;
  /** Calendar dates "YYYY-MM-DD", oldest first. */
  dates: readonly string[];
  /** At most two series (solid line with circles, dashed line with squares). */
  series: readonly [DailySeries, DailySeries?];
  /** Label of the vertical axis, e.g. "Count per day". */
  valueLabel: string;
  /** Label of the horizontal axis, e.g. "Day (Asia/Kolkata)". */
  dateLabel: string;
}

const WIDTH = 480;
const HEIGHT = 300;
const MARGIN = { top: 44, right: 30, bottom: 56, left: 52 };
const STYLES = [
  { stroke: "#1b5e20", dash: undefined, marker: "circle" },
  { stroke: "#8a4b08", dash: "6 4", marker: "square" },
] as const;

type SeriesStyle = (typeof STYLES)[number];

/** A round upper bound for the axis and its tick step: 0–4 → 4, 7 → 8, 23 → 24, 130 → 160. */
export function niceScale(max: number, ticks = 4): { top: number; step: number } {
  if (!(max > 0)) return { top: ticks, step: 1 };
  const rough = max / ticks;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step =
    [1, 2, 2.5, 3, 4, 5, 6, 8, 10]
      .map((m) => m * magnitude)
      .find((s) => s >= rough && Number.isInteger(s)) ?? Math.ceil(rough);
  return { top: step * ticks, step };
}

/** Short date for axis ticks and the table, e.g. "22 Nov". */
function shortDate(date: string): string {
  return formatCalendarDate(date).replace(/^\w+,\s*/, "");
}

/** A summary sentence per series: total, and the busiest day. */
export function describeSeries(dates: readonly string[], series: DailySeries): string {
  const format = series.format ?? String;
  const total = series.values.reduce((a, b) => a + b, 0);
  let peak = 0;
  for (let i = 1; i < series.values.length; i++) {
    if ((series.values[i] ?? 0) > (series.values[peak] ?? 0)) peak = i;
  }
  const first = dates[0];
  const last = dates[dates.length - 1];
  const peakDate = dates[peak];
  const busiest =
    total > 0 && peakDate
      ? `, busiest ${shortDate(peakDate)} with ${format(series.values[peak] ?? 0)}`
      : "";
  return `${series.label}: ${format(total)} from ${first ? shortDate(first) : "?"} to ${
    last ? shortDate(last) : "?"
  }${busiest}.`;
}

/** Where things go in the SVG: the plot area, the value axis's ticks, and x/y of a point. */
interface ChartLayout {
  plotW: number;
  plotH: number;
  /** Values at the horizontal grid lines, 0 to the axis top. */
  ticks: number[];
  /** Every `labelEvery`-th date (counted back from the last) gets an axis label. */
  labelEvery: number;
  /** x of the i-th date. */
  x: (i: number) => number;
  /** y of a value. */
  y: (v: number) => number;
}

function chartLayout(dayCount: number, max: number): ChartLayout {
  const { top, step } = niceScale(max);
  const plotW = WIDTH - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const ticks: number[] = [];
  for (let v = 0; v <= top; v += step) ticks.push(v);
  return {
    plotW,
    plotH,
    ticks,
    labelEvery: Math.max(1, Math.ceil(dayCount / 6)),
    x: (i) => MARGIN.left + (dayCount <= 1 ? plotW / 2 : (i * plotW) / (dayCount - 1)),
    y: (v) => MARGIN.top + plotH - (v / top) * plotH,
  };
}

/** The line style of the `index`-th series (the first style for any beyond the second). */
function styleOf(index: number): SeriesStyle {
  return STYLES[index] ?? STYLES[0];
}

/** A series' marker (a circle or a 7 px square) centred on (cx, cy). */
function Marker({ style, cx, cy }: { style: SeriesStyle; cx: number; cy: number }) {
  return style.marker === "circle" ? (
    <circle cx={cx} cy={cy} r="3.5" fill={style.stroke} />
  ) : (
    <rect x={cx - 3.5} y={cy - 3.5} width="7" height="7" fill={style.stroke} />
  );
}

export function DailyChart({ title, dates, series, valueLabel, dateLabel }: DailyChartProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  const drawn = series.filter((s): s is DailySeries => Boolean(s));
  const layout = chartLayout(dates.length, Math.max(0, ...drawn.flatMap((s) => s.values)));

  return (
    <figure className="dash-figure">
      <svg
        className="dash-chart"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
      >
        <title id={titleId}>{title}</title>
        <desc id={descId}>{drawn.map((s) => describeSeries(dates, s)).join(" ")}</desc>
        <rect x="0" y="0" width={WIDTH} height={HEIGHT} fill="#fff" />
        <ValueGrid layout={layout} />
        <DateTicks dates={dates} layout={layout} />
        <AxisTitles dateLabel={dateLabel} valueLabel={valueLabel} layout={layout} />
        {drawn.map((s, index) => (
          <SeriesLine key={s.label} series={s} index={index} layout={layout} />
        ))}
        <Legend series={drawn} />
      </svg>
      <figcaption>
        <ChartTable title={title} dates={dates} series={drawn} />
      </figcaption>
    </figure>
  );
}

/** A horizontal line and a label at each tick of the value axis (the 0 line darker). */
function ValueGrid({ layout: { ticks, y } }: { layout: ChartLayout }) {
  return ticks.map((v) => (
    <g key={v}>
      <line
        x1={MARGIN.left}
        x2={WIDTH - MARGIN.right}
        y1={y(v)}
        y2={y(v)}
        stroke={v === 0 ? "#1d2a1f" : "#d5dccf"}
      />
      <text x={MARGIN.left - 8} y={y(v) + 4} textAnchor="end" fontSize="13" fill="#1d2a1f">
        {v}
      </text>
    </g>
  ));
}

/** A tick and a short date under the plot for about six days, always including the last. */
function DateTicks({ dates, layout }: { dates: readonly string[]; layout: ChartLayout }) {
  const { x, plotH, labelEvery } = layout;
  return dates.map((date, i) =>
    (dates.length - 1 - i) % labelEvery === 0 ? (
      <g key={date}>
        <line
          x1={x(i)}
          x2={x(i)}
          y1={MARGIN.top + plotH}
          y2={MARGIN.top + plotH + 5}
          stroke="#1d2a1f"
        />
        <text x={x(i)} y={MARGIN.top + plotH + 20} textAnchor="middle" fontSize="13" fill="#1d2a1f">
          {shortDate(date)}
        </text>
      </g>
    ) : null,
  );
}

/** The axis labels: the dates' below the plot, the values' turned along the left edge. */
function AxisTitles({
  dateLabel,
  valueLabel,
  layout,
}: {
  dateLabel: string;
  valueLabel: string;
  layout: ChartLayout;
}) {
  return (
    <>
      <text
        x={MARGIN.left + layout.plotW / 2}
        y={HEIGHT - 8}
        textAnchor="middle"
        fontSize="13"
        fill="#1d2a1f"
      >
        {dateLabel}
      </text>
      <text
        transform={`translate(16 ${MARGIN.top + layout.plotH / 2}) rotate(-90)`}
        textAnchor="middle"
        fontSize="13"
        fill="#1d2a1f"
      >
        {valueLabel}
      </text>
    </>
  );
}

/** One series: its line, and a marker (circle or square by series) on each day. */
function SeriesLine({
  series,
  index,
  layout: { x, y },
}: {
  series: DailySeries;
  index: number;
  layout: ChartLayout;
}) {
  const style = styleOf(index);
  const points = series.values.map((v, i) => `${x(i)},${y(v)}`).join(" ");
  return (
    <g data-series={series.label}>
      <polyline
        points={points}
        fill="none"
        stroke={style.stroke}
        strokeWidth="2.5"
        strokeDasharray={style.dash}
      />
      {series.values.map((v, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: one marker per day, fixed order
        <Marker key={i} style={style} cx={x(i)} cy={y(v)} />
      ))}
    </g>
  );
}

/** Each series' line style, marker and name, side by side above the plot. */
function Legend({ series }: { series: readonly DailySeries[] }) {
  return (
    <g>
      {series.map((s, index) => {
        const style = styleOf(index);
        const lx = MARGIN.left + index * 190;
        return (
          <g key={s.label}>
            <line
              x1={lx}
              x2={lx + 36}
              y1={18}
              y2={18}
              stroke={style.stroke}
              strokeWidth="2.5"
              strokeDasharray={style.dash}
            />
            <Marker style={style} cx={lx + 18} cy={18} />
            <text x={lx + 44} y={23} fontSize="14" fill="#1d2a1f">
              {s.label}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** The same numbers as a table, one row per day, behind a disclosure. */
function ChartTable({
  title,
  dates,
  series,
}: {
  title: string;
  dates: readonly string[];
  series: readonly DailySeries[];
}) {
  return (
    <details>
      <summary>Numbers behind the chart</summary>
      <DataTable
        caption={title}
        columns={["Day", ...series.map((s) => ({ label: s.label, numeric: true as const }))]}
      >
        {dates.map((date, i) => (
          <tr key={date}>
            <th scope="row">{formatCalendarDate(date)}</th>
            {series.map((s) => (
              <td key={s.label} className="num">
                {(s.format ?? String)(s.values[i] ?? 0)}
              </td>
            ))}
          </tr>
        ))}
      </DataTable>
    </details>
  );
}
