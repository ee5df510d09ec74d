/**
 * Pickup scheduling configuration: 2-hour slots in Asia/Kolkata, a booking window and a
 * capacity per slot, and the serviceable PIN codes. The slots and the minimum weight are fixed
 * here; the window, capacity and PIN prefixes come from PICKUP_WINDOW_DAYS,
 * PICKUP_SLOT_CAPACITY and PICKUP_PIN_PREFIXES, the open pickups per contact from
 * OPEN_PICKUPS_PER_CONTACT, validated at start by app/utils/env.server.ts
 * (which also holds their defaults; docs/configuration.md documents them).
 */
import { t } from "~/i18n/i18n.server";
import type { Lang } from "~/i18n/languages";
import { env, operationsDefaults, type PickupSettings, pickupDefaults } from "~/utils/env.server";

export interface PickupSlot {
  /** "HH:MM" in Asia/Kolkata. */
  start: string;
  end: string;
  label: string;
}

export interface PickupConfig {
  slots: PickupSlot[];
  /** Bookable days counting today: today … today + windowDays − 1. */
  windowDays: number;
  /** Active bookings (requested or confirmed) allowed per date and slot. */
  slotCapacity: number;
  /** Serviceable PIN code prefixes; empty serves every PIN code. */
  pinPrefixes: string[];
  /** Below this total the page says pickup charges may apply (spec §9). */
  minimumKg: number;
  /**
   * Open pickups (requested or confirmed) one phone number, and one e-mail address, may hold;
   * the next booking is refused (OPEN_PICKUPS_PER_CONTACT, docs/operations.md "Anti-automation").
   */
  openPickupsPerContact: number;
}

function slot(start: string, end: string): PickupSlot {
  const label = (time: string) => {
    const [h = 0, m = 0] = time.split(":").map(Number);
    const suffix = h < 12 ? "am" : "pm";
    const hour = h % 12 === 0 ? 12 : h % 12;
    return m === 0 ? `${hour} ${suffix}` : `${hour}:${String(m).padStart(2, "0")} ${suffix}`;
  };
  return { start, end, label: `${label(start)} – ${label(end)}` };
}

const slots: PickupSlot[] = [
  slot("09:00", "11:00"),
  slot("11:00", "13:00"),
  slot("13:00", "15:00"),
  slot("15:00", "17:00"),
  slot("17:00", "19:00"),
];

/**
 * The slots' starts and labels as the pickup pages show them in `lang`: English labels as
 * made above ("9 am – 11 am"); Hindi and Kannada from the catalogue (`pickup.slot.0900`…),
 * the English label for a slot the catalogue does not know.
 */
export function slotChoices(lang: Lang, config: PickupConfig): { start: string; label: string }[] {
  return config.slots.map(({ start, label }) => {
    if (lang === "en") return { start, label };
    const id = `pickup.slot.${start.replace(":", "")}`;
    const translated = t(lang, id);
    return { start, label: translated === id ? label : translated };
  });
}

/** The whole configuration from the environment-controlled part. */
function pickupConfig(settings: PickupSettings, openPickupsPerContact: number): PickupConfig {
  return { slots, minimumKg: 15, ...settings, openPickupsPerContact };
}

/** The configuration when no PICKUP_* variable is set (tests and fixtures use it). */
export const defaultPickupConfig: PickupConfig = pickupConfig(
  { ...pickupDefaults, pinPrefixes: [] },
  operationsDefaults.openPickupsPerContact,
);

/**
 * The configuration with the PICKUP_* settings of this server applied (server only; read once
 * at start, see env.server.ts).
 * @throws EnvError when the environment is invalid (the server refuses to start before this).
 */
export function pickupConfigFromEnv(): PickupConfig {
  const settings = env();
  return pickupConfig(settings.pickups, settings.operations.openPickupsPerContact);
}
