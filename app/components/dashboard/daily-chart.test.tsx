import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { addDays } from "~/utils/dates";
import { DailyChart, describeSeries, niceScale } from "./daily-chart";

const dates = Array.from({ length: 30 }, (_, i) => addDays("2030-02-15", i));
const pickups = dates.map((_, i) => i % 4);
const orders = dates.map((_, i) => (i === 10 ? 12 : 1));

function render() {
  return renderToStaticMarkup(
    <DailyChart
      title="Pickups and orders per day"
      dates={dates}
      series={[
        { label: "Pickups", values: pickups },
        { label: "Orders", values: orders },
      ]}
      valueLabel="Count per day"
      dateLabel="Day (Asia/Kolkata)"
    />,
  );
}

describe("DailyChart", () => {
  it("is an image with a title and a text summary, axis labels and a legend", () => {
    const html = render();
    const svg = html.slice(html.indexOf("<svg"), html.indexOf("</svg>"));
    expect(svg).toMatch(/role="img"/);
    const [, labelledBy] = /aria-labelledby="([^"]+)"/.exec(svg) ?? [];
    for (const id of labelledBy?.split(" ") ?? []) expect(svg).toContain(`id="${id}"`);
    expect(svg).toContain("<title");
    expect(svg).toContain("Orders: 41 from 15 Feb to 16 Mar, busiest 25 Feb with 12.");
    expect(svg).toContain("Count per day");
    expect(svg).toContain("Day (Asia/Kolkata)");
    // Legend text for both series, and markers of two shapes (not colour alone).
    expect(svg.match(/>Pickups</g)).toHaveLength(1);
    expect(svg.match(/>Orders</g)).toHaveLength(1);
    expect(svg.match(/<circle/g)).toHaveLength(31);
    expect(svg.match(/stroke-dasharray/g)?.length).toBeGreaterThanOrEqual(2);
    // Today is always labelled on the date axis.
    expect(svg).toContain(">16 Mar<");
  });

  it("has the same numbers in a table", () => {
    const html = render();
    const table = html.slice(html.indexOf("<table"));
    expect(table.match(/<tr>/g)).toHaveLength(31);
    expect(table).toContain('<th scope="col" class="num">Orders</th>');
    expect(table).toMatch(/Mon, 25 Feb<\/th><td class="num">2<\/td><td class="num">12<\/td>/);
  });
});

describe("niceScale", () => {
  it.each([
    [0, 4, 1],
    [3, 4, 1],
    [7, 8, 2],
    [23, 24, 6],
    [130, 160, 40],
    [1000, 1000, 250],
  ])("max %d → top %d, step %d", (max, top, step) => {
    expect(niceScale(max)).toEqual({ top, step });
  });
});

describe("describeSeries", () => {
  it("says when nothing happened", () => {
    expect(describeSeries(dates, { label: "Pickups", values: dates.map(() => 0) })).toBe(
      "Pickups: 0 from 15 Feb to 16 Mar.",
    );
  });
});
