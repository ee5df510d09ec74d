/**
 * One-time codes and the sign-in code's delivery (docs/accounts.md "Signing in"; ADR 0037): what
 * the database holds (a hash, a sealed outbox row), every refused code, the 30 s pause, the rate
 * limits per phone and per client (checked in the outbox), and exactly 5 tries under 50
 * concurrent wrong checks (on PostgreSQL with TEST_DATABASE_URL, across a pool of connections).
 */
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { oneTimeCodes } from "~/db/schema/customer-sign-in";
import { messages } from "~/db/schema/messages";
import { pickups } from "~/db/schema/pickups";
import {
  CODE_REFUSALS,
  CODE_VALID_SECONDS,
  checkCode,
  issueCode,
  MAX_WRONG_TRIES,
  OneTimeCodeError,
  SENDS_PER_CLIENT_PER_HOUR,
  SENDS_PER_PHONE_PER_HOUR,
} from "~/features/accounts/one-time-codes.server";
import { confirmedEmailOf, sendSignInCode } from "~/features/accounts/sign-in.server";
import { renderForChannel } from "~/features/messages/templates";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { insertSubscriber } from "../support/factories/mailing-list";
import { testSite } from "../support/factories/message-params";
import { pickupRow } from "../support/factories/overview-rows";
import { testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile();
const T0 = new Date("2026-04-10T05:00:00Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
let phoneSeq = 0;
/** A new phone per test, so codes and counters of one test never meet another's. */
const newPhone = () => `+9190000${String(++phoneSeq).padStart(5, "0")}`;

beforeEach(() => resetRateLimits());

/** Issues a code for `phone` and returns it (as the message would carry it). */
async function codeFor(
  phone: string,
  options: { now?: Date; purpose?: "sign_in" | "cod_confirm"; client?: string } = {},
) {
  let sent = "";
  await issueCode(
    handle.db,
    {
      phone,
      purpose: options.purpose ?? "sign_in",
      clientAddress: options.client ?? "198.51.100.7",
      now: options.now ?? T0,
    },
    async (_tx, code) => {
      sent = code;
    },
  );
  return sent;
}

/** The refusal's message id of a check, or "accepted". */
async function check(
  phone: string,
  code: string,
  options: { now?: Date; purpose?: "sign_in" | "cod_confirm"; client?: string } = {},
) {
  try {
    await checkCode(handle.db, {
      phone,
      code,
      purpose: options.purpose ?? "sign_in",
      clientAddress: options.client ?? "198.51.100.7",
      now: options.now ?? at(5),
    });
    return "accepted";
  } catch (error) {
    if (error instanceof OneTimeCodeError) return error.id;
    throw error;
  }
}

const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

async function outboxOf(phone: string) {
  return handle.db
    .select()
    .from(messages)
    .where(and(eq(messages.template, "sign_in_code"), eq(messages.recipient, phone)));
}

describe("one-time codes", () => {
  it("stores only a hash, accepts the code once and refuses it replayed", async () => {
    const phone = newPhone();
    const code = await codeFor(phone);
    expect(code).toMatch(/^[0-9]{6}$/);
    const [row] = await handle.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.phone, phone));
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await check(phone, ` ${code.slice(0, 3)} ${code.slice(3)} `)).toBe("accepted");
    expect(await check(phone, code)).toBe(CODE_REFUSALS.used);
  });

  it("counts wrong tries: the 5th is the last, then even the right code is dead", async () => {
    const phone = newPhone();
    const code = await codeFor(phone);
    const answers = [];
    for (let i = 0; i < MAX_WRONG_TRIES; i += 1) answers.push(await check(phone, wrongOf(code)));
    expect(answers).toEqual([
      ...Array(MAX_WRONG_TRIES - 1).fill(CODE_REFUSALS.wrong),
      CODE_REFUSALS.wrongLast,
    ]);
    expect(await check(phone, code)).toBe(CODE_REFUSALS.tooManyTries);
  });

  it("refuses a code past its 10 minutes, and a malformed one without counting it", async () => {
    const phone = newPhone();
    const code = await codeFor(phone);
    expect(await check(phone, "12ab56")).toBe(CODE_REFUSALS.format);
    expect(await check(phone, "12345")).toBe(CODE_REFUSALS.format);
    expect(await check(phone, code, { now: at(CODE_VALID_SECONDS) })).toBe(CODE_REFUSALS.expired);
    const [row] = await handle.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.phone, phone));
    expect(row?.attempts).toBe(0);
  });

  it("a code for one phone never works for another, nor for another purpose", async () => {
    const phone = newPhone();
    const other = newPhone();
    const code = await codeFor(phone);
    expect(await check(other, code)).toBe(CODE_REFUSALS.none);
    const otherCode = await codeFor(other);
    if (otherCode !== code) expect(await check(other, code)).toBe(CODE_REFUSALS.wrong);
    expect(await check(phone, code, { purpose: "cod_confirm" })).toBe(CODE_REFUSALS.none);
    await codeFor(phone, { purpose: "cod_confirm" });
    expect(await check(phone, code)).toBe("accepted");
  });

  it("a new code only 30 s after the last, with the seconds left; it replaces the old one", async () => {
    const phone = newPhone();
    const first = await codeFor(phone);
    const refused = await codeFor(phone, { now: at(12) }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OneTimeCodeError);
    expect(refused).toMatchObject({ id: CODE_REFUSALS.wait, status: 429, values: { seconds: 18 } });
    const second = await codeFor(phone, { now: at(30) });
    if (second !== first)
      expect(await check(phone, first, { now: at(31) })).toBe(CODE_REFUSALS.wrong);
    expect(await check(phone, second, { now: at(32) })).toBe("accepted");
  });

  it("50 concurrent wrong checks of one phone count exactly 5 tries", async () => {
    const phone = newPhone();
    const code = await codeFor(phone);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        check(phone, wrongOf(code), { client: `203.0.113.${i}` }),
      ),
    );
    const [row] = await handle.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.phone, phone));
    expect(row?.attempts).toBe(MAX_WRONG_TRIES);
    const counted = answers.filter(
      (id) => id === CODE_REFUSALS.wrong || id === CODE_REFUSALS.wrongLast,
    );
    expect(counted).toHaveLength(MAX_WRONG_TRIES);
    expect(answers.filter((id) => id === CODE_REFUSALS.wrongLast)).toHaveLength(1);
    expect(answers.filter((id) => id === CODE_REFUSALS.tooManyTries)).toHaveLength(45);
    expect(await check(phone, code)).toBe(CODE_REFUSALS.tooManyTries);
  });

  it("a correct code checked concurrently is accepted once", async () => {
    const phone = newPhone();
    const code = await codeFor(phone);
    const answers = await Promise.all(Array.from({ length: 10 }, () => check(phone, code)));
    expect(answers.filter((id) => id === "accepted")).toHaveLength(1);
    expect(answers.filter((id) => id === CODE_REFUSALS.used)).toHaveLength(9);
  });
});

describe("sending the sign-in code", () => {
  const send = (phone: string, seconds: number, client = "198.51.100.20") =>
    sendSignInCode(handle.db, {
      phone,
      lang: "hi",
      clientAddress: client,
      now: at(seconds),
      whatsAppConfigured: true,
    });

  it("queues a WhatsApp message in the page's language with the code sealed", async () => {
    const phone = newPhone();
    await send(phone, 0);
    const [row] = await outboxOf(phone);
    expect(row).toMatchObject({ channel: "whatsapp", language: "hi", status: "pending" });
    expect(row?.expiresAt?.getTime()).toBe(at(CODE_VALID_SECONDS).getTime());
    const rendered = renderForChannel("whatsapp", row as never, testSite);
    const code = rendered.bodyParameters[0] ?? "";
    expect(code).toMatch(/^[0-9]{6}$/);
    expect(JSON.stringify(row?.params)).not.toContain(code);
    expect(await check(phone, code, { now: at(1) })).toBe("accepted");
  });

  it("a flood for one phone sends no more than the allowance per hour", async () => {
    const phone = newPhone();
    const answers = [];
    for (let i = 0; i < SENDS_PER_PHONE_PER_HOUR + 3; i += 1) {
      answers.push(
        await send(phone, i * 31, `192.0.2.${i}`).then(
          () => "sent",
          (e) => e.id,
        ),
      );
    }
    expect(answers.filter((a) => a === "sent")).toHaveLength(SENDS_PER_PHONE_PER_HOUR);
    expect(answers.at(-1)).toBe(CODE_REFUSALS.rateLimited);
    expect(await outboxOf(phone)).toHaveLength(SENDS_PER_PHONE_PER_HOUR);
  });

  it("a flood from one client (an IPv6 /64) sends no more than its allowance", async () => {
    const phones = Array.from({ length: SENDS_PER_CLIENT_PER_HOUR + 3 }, newPhone);
    const answers = [];
    for (const [i, phone] of phones.entries()) {
      const address = `2001:db8:7:9::${(i + 1).toString(16)}`;
      answers.push(
        await send(phone, 0, address).then(
          () => "sent",
          (e) => e.id,
        ),
      );
    }
    expect(answers.filter((a) => a === "sent")).toHaveLength(SENDS_PER_CLIENT_PER_HOUR);
    expect(answers.at(-1)).toBe(CODE_REFUSALS.rateLimited);
    const rows = (await Promise.all(phones.map(outboxOf))).flat();
    expect(rows).toHaveLength(SENDS_PER_CLIENT_PER_HOUR);
  });

  it("answers the same with no WhatsApp and no e-mail, sending nothing", async () => {
    const phone = newPhone();
    await sendSignInCode(handle.db, {
      phone,
      lang: "en",
      clientAddress: "198.51.100.30",
      now: T0,
      whatsAppConfigured: false,
    });
    expect(await outboxOf(phone)).toHaveLength(0);
  });

  it("goes by e-mail to a confirmed subscription met at the door, never to one only typed", async () => {
    const phone = newPhone();
    await insertSubscriber(handle.db, {
      name: "Asha",
      email: `asha${phoneSeq}@example.com`,
      phone,
    });
    expect(await confirmedEmailOf(handle.db, phone)).toBeNull();
    await handle.db.insert(pickups).values({
      ...pickupRow("2026-04-01", "11:00", "collected"),
      phone,
      email: `Asha${phoneSeq}@example.com`,
    });
    expect(await confirmedEmailOf(handle.db, phone)).toBe(`asha${phoneSeq}@example.com`);
    await send(phone, 0);
    const rows = await handle.db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.template, "sign_in_code"),
          eq(messages.recipient, `asha${phoneSeq}@example.com`),
        ),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.channel).toBe("email");
    expect(await outboxOf(phone)).toHaveLength(0);
  });
});
