/**
 * The public community forms answer in the language they were posted in (docs/languages.md:
 * a form posted in one language answers with errors in that language): the review and 'Join us'
 * actions under /kn and /hi, against the real database, write nothing when refused.
 */
import { sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { action as joinAction } from "~/routes/home";
import { action as reviewAction } from "~/routes/review-page";
import { action as confirmAction } from "~/routes/subscribe";
import { action as unsubscribeAction } from "~/routes/unsubscribe";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { clientAddressContext } from "~/utils/request-context";
import { queryRows, testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile();
beforeEach(() => resetRateLimits());

function post<T>(url: string, fields: Record<string, string>, address = "203.0.113.40"): T {
  const context = new RouterContextProvider();
  context.set(clientAddressContext, address);
  const request = new Request(url, { method: "POST", body: new URLSearchParams(fields) });
  return { request, params: { token: "x".repeat(43) }, context } as unknown as T;
}

interface Answer {
  init?: ResponseInit | null;
  data: { values: Record<string, string>; errors: Record<string, string>; formError?: string };
}

async function count(table: "reviews" | "registrations"): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    handle.db,
    sql.raw(`select count(*)::int as n from ${table}`),
  );
  return rows[0]?.n ?? 0;
}

describe("the review form in Kannada and Hindi", () => {
  it("answers bad input with Kannada messages per field, keeps the text and writes nothing", async () => {
    const before = await count("reviews");
    const answer = (await reviewAction(
      post<Parameters<typeof reviewAction>[0]>("http://localhost/kn/review-page", {
        review: "   ",
        rating: "7",
        displayName: "ರ".repeat(61),
      }),
    )) as unknown as Answer;
    expect(answer.init?.status).toBe(400);
    expect(answer.data.errors).toEqual({
      review: "ನಿಮ್ಮ ವಿಮರ್ಶೆ ಬರೆಯಿರಿ.",
      rating: "1 ರಿಂದ 5 ನಕ್ಷತ್ರಗಳಲ್ಲಿ ರೇಟಿಂಗ್ ಆರಿಸಿ.",
      displayName: "ಹೆಸರು ಗರಿಷ್ಠ 60 ಅಕ್ಷರಗಳಿರಬಹುದು.",
    });
    // What the visitor typed comes back as typed, not translated.
    expect(answer.data.values.displayName).toBe("ರ".repeat(61));
    expect(await count("reviews")).toBe(before);
  });

  it("answers in Hindi under /hi and in English at the English URL", async () => {
    const hindi = (await reviewAction(
      post<Parameters<typeof reviewAction>[0]>("http://localhost/hi/review-page", {
        review: "",
        rating: "",
      }),
    )) as unknown as Answer;
    expect(hindi.data.errors.review).toBe("अपनी राय लिखें।");
    expect(hindi.data.errors.rating).toBe("1 से 5 स्टार में से रेटिंग चुनें।");
    const english = (await reviewAction(
      post<Parameters<typeof reviewAction>[0]>("http://localhost/review-page", {
        review: "",
        rating: "",
      }),
    )) as unknown as Answer;
    expect(english.data.errors.review).toBe("Write your review.");
    expect(english.data.errors.rating).toBe("Choose a rating from 1 to 5 stars.");
  });

  it("refuses the 6th review in an hour from one address in Kannada", async () => {
    const address = "198.51.100.77";
    for (let i = 1; i <= 5; i++) {
      await reviewAction(
        post<Parameters<typeof reviewAction>[0]>(
          "http://localhost/kn/review-page",
          { review: `ಚೆನ್ನಾಗಿತ್ತು ${i}`, rating: "5" },
          address,
        ),
      );
    }
    const before = await count("reviews");
    const answer = (await reviewAction(
      post<Parameters<typeof reviewAction>[0]>(
        "http://localhost/kn/review-page",
        { review: "ಮತ್ತೊಮ್ಮೆ", rating: "5" },
        address,
      ),
    )) as unknown as Answer;
    expect(answer.init?.status).toBe(429);
    expect(answer.data.formError).toBe(
      "ಕಳೆದ ಒಂದು ಗಂಟೆಯಲ್ಲಿ ನಿಮ್ಮ ನೆಟ್‌ವರ್ಕ್‌ನಿಂದ ತುಂಬಾ ವಿಮರ್ಶೆಗಳು ಬಂದಿವೆ. ದಯವಿಟ್ಟು ಸ್ವಲ್ಪ ಹೊತ್ತಿನ ನಂತರ ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ.",
    );
    expect(await count("reviews")).toBe(before);
  });
});

describe("'Join us' in Kannada", () => {
  it("answers bad input with Kannada messages per field and writes no registration", async () => {
    const before = await count("registrations");
    const answer = (await joinAction(
      post<Parameters<typeof joinAction>[0]>("http://localhost/kn", {
        name: "",
        email: "not-an-address",
        contact: "12345",
      }),
    )) as unknown as Answer;
    expect(answer.init?.status).toBe(400);
    expect(answer.data.errors).toEqual({
      name: "ನಿಮ್ಮ ಹೆಸರು ಬರೆಯಿರಿ.",
      email: "ಇ-ಮೇಲ್ ವಿಳಾಸವನ್ನು name@example.com ರೀತಿಯಲ್ಲಿ ಬರೆಯಿರಿ.",
      contact: "6, 7, 8 ಅಥವಾ 9 ರಿಂದ ಶುರುವಾಗುವ 10 ಅಂಕಿಯ ಭಾರತೀಯ ಮೊಬೈಲ್ ಸಂಖ್ಯೆ ಬರೆಯಿರಿ.",
    });
    expect(answer.data.values).toMatchObject({ email: "not-an-address", contact: "12345" });
    expect(await count("registrations")).toBe(before);
  });

  it("says which field is empty in Kannada, also to a post with JavaScript (/kn.data)", async () => {
    const answer = (await joinAction(
      post<Parameters<typeof joinAction>[0]>("http://localhost/kn.data", {
        name: "Asha",
        email: "",
        contact: "",
      }),
    )) as unknown as Answer;
    expect(answer.data.errors).toEqual({
      email: "ನಿಮ್ಮ ಇ-ಮೇಲ್ ವಿಳಾಸ ಬರೆಯಿರಿ.",
      contact: "ನಿಮ್ಮ ಮೊಬೈಲ್ ಸಂಖ್ಯೆ ಬರೆಯಿರಿ.",
    });
  });

  it("registers a valid Kannada submission, waiting for a Kannada confirmation e-mail", async () => {
    const before = await count("registrations");
    const answer = (await joinAction(
      post<Parameters<typeof joinAction>[0]>("http://localhost/kn", {
        name: "ಆಶಾ",
        email: "asha.kn@example.com",
        contact: "98450 12345",
      }),
    )) as unknown as { init?: ResponseInit | null; data: Record<string, unknown> };
    expect(answer.init?.status ?? 200).toBe(200);
    // Nothing but "ok": no token, no link (docs/community.md "'Join us'").
    expect(answer.data).toEqual({ ok: true, values: {}, errors: {} });
    expect(await count("registrations")).toBe(before + 1);
    const mails = await queryRows<{ language: string; path: string }>(
      handle.db,
      sql`select language, params->>'confirmPath' as path from messages
          where template = 'newsletter_confirm' and recipient = 'asha.kn@example.com'`,
    );
    expect(mails).toEqual([{ language: "kn", path: expect.stringMatching(/^\/kn\/subscribe\//) }]);
  });

  it("an unknown unsubscribe or confirmation token is a 404 in every language", async () => {
    await expect(
      unsubscribeAction(
        post<Parameters<typeof unsubscribeAction>[0]>("http://localhost/kn/unsubscribe/x", {}),
      ),
    ).rejects.toMatchObject({ init: { status: 404 } });
    await expect(
      confirmAction(
        post<Parameters<typeof confirmAction>[0]>("http://localhost/hi/subscribe/x", {}),
      ),
    ).rejects.toMatchObject({ init: { status: 404 } });
  });
});
