import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { createContext, useContext } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import en from "~/i18n/catalogues/en.json" with { type: "json" };
import { HandoverCodeForm } from "./handover-code-form";

const Version = createContext<number | null>(null);

function WeighSheetPage() {
  return <HandoverCodeForm pickupId={7} version={useContext(Version)} />;
}

const Stub = createRoutesStub([{ path: "/dashboard/route/7", Component: WeighSheetPage }]);

/** The form as the weigh-sheet page renders it at `url`, for a pending sheet `version`. */
function render(version: number | null, url = "/dashboard/route/7"): string {
  const i18n = setupI18n({ locale: "en", messages: { en } });
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <Version.Provider value={version}>
        <Stub initialEntries={[url]} />
      </Version.Provider>
    </I18nProvider>,
  );
}

describe("the handover code section of the weigh-sheet page", () => {
  it("asks for the code while a sheet waits for the customer", () => {
    const html = render(2);
    expect(html).toContain("Confirm with the customer&#x27;s code</h2>");
    expect(html).toContain('name="version" value="2"');
  });

  it("is not there at all (no empty heading) when nothing waits and nothing was tried", () => {
    expect(render(null)).toBe("");
  });

  it("still shows the answer of the last try after the sheet is confirmed", () => {
    const html = render(null, "/dashboard/route/7?handover=confirmed");
    expect(html).toContain("<h2");
    expect(html).not.toContain("<form");
  });
});
