/**
 * Pickup scheduling configuration (issue 4 item 2): 2-hour slots in Asia/Kolkata, a booking
 * window and a capacity per slot; and the serviceable PIN codes (item 4). Defaults here;
 * PICKUP_WINDOW_DAYS, PICKUP_SLOT_CAPACITY and PICKUP_PIN_PREFIXES (comma-separated
 * prefixes, e.g. "560,5700") override them on the server.
 */
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

export const defaultPickupConfig: PickupConfig = {
  slots: [
    slot("09:00", "11:00"),
    slot("11:00", "13:00"),
    slot("13:00", "15:00"),
    slot("15:00", "17:00"),
    slot("17:00", "19:00"),
  ],
  windowDays: 14,
  slotCapacity: 8,
  pinPrefixes: [],
  minimumKg: 15,
};

/** The configuration with environment overrides applied (server only); bad values are ignored. */
export function pickupConfigFromEnv(source: NodeJS.ProcessEnv = process.env): PickupConfig {
  const positive = (value: string | undefined, fallback: number, max: number) => {
    const n = Number(value);
    return Number.isInteger(n) && n > 0 && n <= max ? n : fallback;
  };
  const prefixes = (source.PICKUP_PIN_PREFIXES ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter((p) => /^[1-9][0-9]{0,5}$/.test(p));
  return {
    ...defaultPickupConfig,
    windowDays: positive(source.PICKUP_WINDOW_DAYS, defaultPickupConfig.windowDays, 90),
    slotCapacity: positive(source.PICKUP_SLOT_CAPACITY, defaultPickupConfig.slotCapacity, 1000),
    pinPrefixes: prefixes,
  };
}
