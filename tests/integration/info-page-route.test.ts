/**
 * The info pages' route (app/routes/info-page.tsx) reads its slug from the page's path, also
 * when a client-side navigation asks for it as `/faq.data` (app/utils/data-request.ts).
 */
import { describe, expect, it } from "vitest";
import { loader } from "~/routes/info-page";

type LoaderArgs = Parameters<typeof loader>[0];

function load(url: string) {
  return loader({ request: new Request(url), params: {}, context: {} } as unknown as LoaderArgs);
}

describe("an info page", () => {
  it("is found by its document address and by its single-fetch .data address", async () => {
    expect((await load("http://localhost/faq")).title).toBe("Frequently asked questions");
    expect((await load("http://localhost/faq.data")).title).toBe("Frequently asked questions");
    const hindi = await load("http://localhost/hi/privacy-policy.data");
    expect(hindi.lang).toBe("hi");
  });

  it("answers 404 for a path that is no info page, .data or not", async () => {
    for (const url of ["http://localhost/nope", "http://localhost/nope.data"]) {
      await expect(load(url)).rejects.toMatchObject({ status: 404 });
    }
  });
});
