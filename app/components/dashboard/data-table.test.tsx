import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DataTable, Row } from "./data-table";
import { activeFilterCount } from "./list-page";

/** One row of a three-column table, its middle cell left out when `withMiddle` is false. */
function render(cards: boolean, withMiddle: boolean) {
  return renderToStaticMarkup(
    <DataTable
      caption="Pickups"
      cards={cards}
      columns={[
        "Reference",
        ...(withMiddle ? ["Name"] : []),
        { label: "Actions", card: "wide" as const },
      ]}
    >
      <Row>
        <th scope="row">PU-C2SVBJ</th>
        {withMiddle ? <td>Asha</td> : null}
        <td>
          <button type="button">Confirm</button>
        </td>
      </Row>
    </DataTable>,
  );
}

describe("DataTable with cards (docs/dashboard.md 'Phone layout')", () => {
  it("gives each cell its column's label and card option, by position, skipping a left-out cell", () => {
    expect(render(true, true)).toContain(
      '<tr><th scope="row" data-label="Reference">PU-C2SVBJ</th><td data-label="Name">Asha</td><td data-label="Actions" data-card="wide">',
    );
    expect(render(true, false)).toContain(
      '<th scope="row" data-label="Reference">PU-C2SVBJ</th><td data-label="Actions" data-card="wide">',
    );
    expect(render(true, true)).toContain('class="dash-table dash-table--cards"');
  });

  it("leaves the cells alone in a table that is not a list", () => {
    const html = render(false, true);
    expect(html).not.toContain("data-label");
    expect(html).not.toContain("dash-table--cards");
    expect(html).toContain('<tr><th scope="row">PU-C2SVBJ</th><td>Asha</td>');
  });
});

describe("activeFilterCount", () => {
  it("counts the filters set, not the search box nor empty ones", () => {
    expect(activeFilterCount({ status: "requested", city: "Bengaluru", q: "PU-1", pin: " " })).toBe(
      2,
    );
    expect(activeFilterCount({ q: "Asha" })).toBe(0);
    expect(activeFilterCount(undefined)).toBe(0);
  });
});
