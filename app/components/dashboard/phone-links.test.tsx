import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PhoneLinks } from "./phone-links";

describe("PhoneLinks", () => {
  it("shows the number with a call link and a WhatsApp chat link that name the customer", () => {
    const html = renderToStaticMarkup(<PhoneLinks phone="+919845012345" name="Asha Rao" />);
    expect(html).toContain('href="tel:+919845012345"');
    expect(html).toContain("+91 98450 12345");
    expect(html).toMatch(
      /<a class="button button--small" href="https:\/\/wa.me\/919845012345" rel="noopener noreferrer" target="_blank">WhatsApp<span class="visually-hidden"> chat with Asha Rao<\/span><\/a>/,
    );
  });
});
