/**
 * Steps that several browser tests take the same way: adding a product to the cart, filling
 * the checkout, booking a scrap pickup, logging in to the dashboard, opening a category of the
 * rate list. Each step does what a person does on the page (labels, roles and button names,
 * as in docs/shop.md, docs/pickups.md and docs/dashboard.md) and waits for conditions, never
 * for a fixed time. Assertions that a test is about stay in the test.
 */
import {
  type Browser,
  type BrowserContextOptions,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";
import { E2E_STAFF_PASSWORD } from "./staff-accounts";
import { whatsAppFor } from "./whatsapp-inbox";

/** The phone-sized viewport of the browser tests, in CSS pixels. */
export const PHONE_VIEWPORT = { width: 360, height: 740 };

/** The product card on the current catalogue page whose heading matches `name`. */
export function productCard(page: Page, name: string | RegExp): Locator {
  return page.locator(".product-card").filter({ has: page.getByRole("heading", { name }) });
}

/**
 * Presses 'Add to cart' on the card whose heading matches `name`, on the current page. With
 * JavaScript (the default) it waits until the card says "Added to cart", that is until the
 * server has answered; without, the press is a form post that reloads the page.
 * @returns the product card.
 */
export async function addToCart(
  page: Page,
  name: string | RegExp,
  { javaScript = true }: { javaScript?: boolean } = {},
): Promise<Locator> {
  const card = productCard(page, name);
  // A press before React has hydrated the page is a plain form post (a reload), not the
  // in-place "Added to cart" the JavaScript journey checks.
  if (javaScript) await waitForHydration(page, ".product-card form");
  await card.getByRole("button", { name: /Add to cart/ }).click();
  if (javaScript) await expect(card.getByText("Added to cart", { exact: true })).toBeVisible();
  return card;
}

/**
 * Opens the catalogue page `from` (a path, or a URL of another server), adds the product `name`
 * to the cart as addToCart does, and opens /checkout of the same server.
 */
export async function openCheckoutWith(
  page: Page,
  {
    from,
    product,
    javaScript = true,
  }: { from: string; product: string | RegExp; javaScript?: boolean },
): Promise<void> {
  await page.goto(from);
  await addToCart(page, product, { javaScript });
  await page.goto(new URL("/checkout", page.url()).href);
}

/** Types each value into the field with that label, in the order given. */
async function fillByLabel(page: Page, fields: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label).fill(value);
}

/** What a shopper types into the checkout's shipping form. */
export interface Shopper {
  name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  /** The label of an option of the State list. */
  state: string;
  pinCode: string;
}

/** The shopper of the browser tests, with a valid mobile number and PIN code. */
export const SHOPPER: Shopper = {
  name: "Asha Rao",
  email: "asha@example.com",
  phone: "98450 12345",
  address: "12 MG Road, Indiranagar",
  city: "Bengaluru",
  state: "Karnataka",
  pinCode: "560038",
};

/** Fills the shipping form of /checkout (the page must be open); does not submit it. */
export async function fillCheckout(page: Page, shopper: Shopper = SHOPPER): Promise<void> {
  await fillByLabel(page, {
    Name: shopper.name,
    Email: shopper.email,
    Phone: shopper.phone,
    Address: shopper.address,
    City: shopper.city,
  });
  await page.getByLabel("State").selectOption(shopper.state);
  await page.getByLabel("PIN code").fill(shopper.pinCode);
}

/**
 * As `shopper`, orders one Tulsi from /plant with cash on delivery and waits for "Order has been
 * placed!". @returns the order's reference (OR-…).
 */
export async function placeCashOrder(page: Page, shopper: Shopper = SHOPPER): Promise<string> {
  await openCheckoutWith(page, { from: "/plant", product: /^Tulsi/ });
  await fillCheckout(page, shopper);
  await page.getByRole("button", { name: "Confirm Order" }).click();
  await expect(page.getByText(/Order has been placed!/)).toBeVisible();
  return successReference(page);
}

/** The reference (OR-… or PU-…) that a success message shows in bold; "" when it has none. */
export async function successReference(page: Page): Promise<string> {
  return (await page.locator(".success-message strong").textContent()) ?? "";
}

/** The values of the enabled, non-placeholder options of the select labelled `label`. */
export async function optionValues(page: Page, label: string): Promise<string[]> {
  return page
    .getByLabel(label, { exact: true })
    .locator("option:not([value='']):not([disabled])")
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
}

/**
 * Runs `steps` on a page of a new browser context, that is as another person with their own
 * cookies and cart, and closes the context afterwards.
 * @returns what `steps` returns.
 */
export async function inNewContext<T>(
  browser: Browser,
  steps: (page: Page) => Promise<T>,
  options: BrowserContextOptions = {},
): Promise<T> {
  const context = await browser.newContext(options);
  try {
    return await steps(await context.newPage());
  } finally {
    await context.close();
  }
}

/** What a visitor enters on /orderpage to book a scrap pickup. */
export interface PickupBooking {
  name: string;
  email: string;
  phone: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  pinCode: string;
  /** Which of the offered dates: 0 is the first one the form offers. */
  dateIndex: number;
  /** The value of a Pick Up Time option, e.g. "11:00" for the 11 am – 1 pm slot. */
  time: string;
  /** The label of the reward radio button, e.g. "Money". */
  reward: string;
  /** One row a material, in order: the option label (with its rate) and the weight in kg. */
  materials: { label: string; kg: string }[];
}

/** The visitor of the browser tests: 2 kg of brass, the second date offered, 11 am, money. */
export const PICKUP_BOOKING: PickupBooking = {
  name: "Ravi Kumar",
  email: "ravi@example.com",
  phone: "98450 12345",
  addressLine1: "4 Residency Road",
  addressLine2: "Flat 2B, Shanthala Nagar",
  city: "Bengaluru",
  pinCode: "560025",
  dateIndex: 1,
  time: "11:00",
  reward: "Money",
  materials: [{ label: "Brass (₹250/kg)", kg: "2" }],
};

/** Fills the pickup form of /orderpage (the page must be open); does not submit it. */
export async function fillPickupForm(page: Page, booking: PickupBooking): Promise<void> {
  await fillByLabel(page, {
    Name: booking.name,
    Email: booking.email,
    Phone: booking.phone,
    "Address Line 1": booking.addressLine1,
    "Address Line 2": booking.addressLine2,
    City: booking.city,
    "PIN code": booking.pinCode,
  });
  const dates = await optionValues(page, "Pick Up Date");
  const date = dates[booking.dateIndex];
  if (date === undefined) throw new Error(`the form offers ${dates.length} pickup dates`);
  await page.getByLabel("Pick Up Date").selectOption(date);
  await page.getByLabel("Pick Up Time").selectOption(booking.time);
  await page.getByLabel(booking.reward).check();
  for (const [index, material] of booking.materials.entries()) {
    await page.getByLabel(`Material ${index + 1}`).selectOption({ label: material.label });
    await page.getByLabel("Approx. kg").nth(index).fill(material.kg);
  }
}

/**
 * Presses 'Schedule Pickup' on a filled form and waits for "Your order has been scheduled".
 * @returns the pickup's reference (PU-…).
 */
export async function schedulePickup(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Schedule Pickup" }).click();
  await expect(page.getByText("Your order has been scheduled")).toBeVisible();
  return successReference(page);
}

/** Opens /orderpage, fills it with `booking` and schedules the pickup; returns its reference. */
export async function bookPickup(page: Page, booking: PickupBooking): Promise<string> {
  await page.goto("/orderpage");
  await fillPickupForm(page, booking);
  return schedulePickup(page);
}

/**
 * Opens `path` of the dashboard while logged out, is sent to the login page, logs in as
 * `account` (a staff account of tests/support/browser/staff-accounts.ts) and waits for 'Log out',
 * that is for the dashboard page the login returns to.
 */
export async function logInAsStaff(
  page: Page,
  account: { email: string },
  path = "/dashboard",
): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/dashboard\/login/);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(E2E_STAFF_PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
}

/** The category (a `<details>` element) of /ratelist whose text contains `name`. */
export function rateCategory(page: Page, name: string): Locator {
  return page.locator("details.rate-list__category").filter({ hasText: name });
}

/** Opens the closed /ratelist category `name` by clicking its summary. */
export async function openRateCategory(page: Page, name: string): Promise<void> {
  await rateCategory(page, name).locator("summary").click();
}

/** A dashboard account a test creates: the name the dashboard shows, the e-mail to log in. */
export interface StaffAccount {
  name: string;
  email: string;
}

/**
 * On the Staff page (the page must be logged in as an admin): creates a collector account with
 * the browser tests' password E2E_STAFF_PASSWORD, and waits for the page to say so.
 */
export async function createCollector(page: Page, collector: StaffAccount): Promise<void> {
  await page.goto("/dashboard/staff");
  await page.getByLabel("Name", { exact: true }).fill(collector.name);
  await page.getByLabel("Email", { exact: true }).fill(collector.email);
  await page.getByLabel("Role").selectOption("collector");
  await page.getByLabel("Password", { exact: true }).fill(E2E_STAFF_PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText(`Created collector account for ${collector.email}.`)).toBeVisible();
}

/**
 * Waits until React has hydrated the element `selector` (it carries React's fiber key), so that
 * a choice made in a form is not reset by hydration. Only for pages with JavaScript.
 */
export async function waitForHydration(page: Page, selector: string): Promise<void> {
  try {
    // Polled on a timer, not on animation frames, which a page in the background may not draw.
    await page.waitForFunction(
      (css) => {
        const element = document.querySelector(css);
        return (
          element !== null && Object.keys(element).some((key) => key.startsWith("__reactFiber"))
        );
      },
      selector,
      { polling: 200, timeout: 60_000 },
    );
  } catch (error) {
    // Say where the page stopped: loaded or not, scripts started after the paint or not,
    // whether the element exists, what the page shows.
    const state = await page
      .evaluate((css) => {
        const after = (window as { __scriptsStartedAt?: number }).__scriptsStartedAt;
        return {
          url: location.href,
          readyState: document.readyState,
          visibilityState: document.visibilityState,
          scriptsStartedAt: after ?? null,
          inertScripts: document.querySelectorAll('script[type^="text/x-after-paint"]').length,
          elementFound: document.querySelector(css) !== null,
          heading: document.querySelector("h1")?.textContent ?? null,
        };
      }, selector)
      .catch((reason: unknown) => ({ evaluateFailed: String(reason) }));
    throw new Error(`"${selector}" was not hydrated: ${JSON.stringify(state)}`, { cause: error });
  }
}

/**
 * As staff or an admin: opens the pickup `reference` from the pickups list's search and gives
 * it to the collector named `collectorName` with 'Assign to' and 'Save collector' on the
 * pickup's page (docs/exchange.md "Assigning"); waits for "Assigned to <name>.".
 * @returns the pickup's dashboard id.
 */
export async function assignPickup(
  page: Page,
  reference: string,
  collectorName: string,
  { javaScript = true }: { javaScript?: boolean } = {},
): Promise<number> {
  await page.goto(`/dashboard/pickups?q=${encodeURIComponent(reference)}`);
  await page.getByRole("link", { name: reference }).click();
  await expect(page).toHaveURL(/\/dashboard\/pickups\/\d+$/);
  if (javaScript) await waitForHydration(page, "#collectorId");
  await page.getByLabel("Assign to").selectOption({ label: collectorName });
  await page.getByRole("button", { name: "Save collector" }).click();
  await expect(page.getByText(`Assigned to ${collectorName}.`)).toBeVisible();
  return Number(/\/dashboard\/pickups\/(\d+)/.exec(page.url())?.[1]);
}

/** The page scrolls no wider than `width` CSS pixels (the phone's by default). */
export async function expectNoHorizontalScroll(
  page: Page,
  width: number = PHONE_VIEWPORT.width,
): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

/** The first amount in `text` ("₹1,234" or "₹1,234.50") in paise. */
export function paiseOf(text: string): number {
  const match = /₹([\d,]+)(?:\.(\d{2}))?/.exec(text);
  if (!match) throw new Error(`No amount in ${text}`);
  return Number((match[1] ?? "").replaceAll(",", "")) * 100 + Number(match[2] ?? 0);
}

/**
 * Opens the `<details>` fold `selector` of the current page by its summary when the summary is
 * shown and the fold is closed; on a wide screen the summary is hidden and the content shown,
 * so nothing is pressed (docs/dashboard.md "Phone layout").
 */
async function openFold(page: Page, selector: string): Promise<void> {
  const fold = page.locator(selector);
  const summary = fold.locator(":scope > summary");
  if (!(await summary.isVisible())) return;
  if (await fold.evaluate((details) => (details as HTMLDetailsElement).open)) return;
  await summary.click();
  await expect(fold).toHaveAttribute("open", "");
}

/** Opens the dashboard's section menu ('Menu: …') on a phone; nothing on a wide screen. */
export function openDashboardMenu(page: Page): Promise<void> {
  return openFold(page, "details.dash__menu");
}

/** Opens a dashboard list's 'Filters (N active)' on a phone; nothing on a wide screen. */
export function openListFilters(page: Page): Promise<void> {
  return openFold(page, "details.dash-filters__more");
}

/**
 * A 10-digit mobile number of this run's own, starting with `first` (6–9): codes and the
 * per-phone limits outlive a run on PostgreSQL.
 */
export function freshMobile(first: "6" | "7" | "8" | "9"): string {
  return `${first}${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
}

/**
 * The one-time code WhatsApp delivered to `mobile` (10 digits) with the authentication template
 * (`sign_in_code_v1`, for signing in and for an order), waiting up to 15 s; fails unless it came
 * in `language`.
 */
export async function codeSentTo(mobile: string, language: string): Promise<string> {
  let code = "";
  await expect
    .poll(
      async () => {
        const found = (await whatsAppFor(`+91${mobile}`)).find(
          (message) => message.template === "sign_in_code_v1",
        );
        code = found?.texts[0] ?? "";
        return found?.language;
      },
      { timeout: 15_000 },
    )
    .toBe(language);
  return code;
}
