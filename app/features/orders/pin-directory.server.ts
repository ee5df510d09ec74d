/**
 * Which state or union territory a PIN code belongs to, for the checkout's shipping address
 * (docs/shop.md "PIN code and state"). The data is India Post's All India Pincode Directory
 * (data.gov.in), reduced by scripts/generate-pin-directory.ts to pin-directory.data.json
 * (≈ 19,500 PIN codes, 42 KB); it is decoded on first use into one Map (≈ 1 MB).
 */
import { type MessageRef, message } from "~/utils/refusal";
import { type IndianState, indianStates } from "./indian-states";
import directory from "./pin-directory.data.json" with { type: "json" };

/** What the directory says about a PIN code. */
export interface PinCodeEntry {
  /** False: no post office has this PIN code. */
  exists: boolean;
  /** The states and union territories of its post offices (two near some borders); may be empty when the directory does not say. */
  states: readonly IndianState[];
}

/** Decodes "c03l,1,1" (ascending, base-36 deltas) into its numbers. */
export function decodeAscending(encoded: string): number[] {
  if (encoded === "") return [];
  let last = 0;
  return encoded.split(",").map((part, i) => {
    last = i === 0 ? Number.parseInt(part, 36) : last + Number.parseInt(part, 36);
    return last;
  });
}

let byPin: Map<number, IndianState[]> | undefined;

function pinMap(): Map<number, IndianState[]> {
  if (byPin) return byPin;
  const map = new Map<number, IndianState[]>();
  const states: Record<string, string> = directory.states;
  for (const state of indianStates) {
    for (const pin of decodeAscending(states[state] ?? "")) {
      const list = map.get(pin);
      if (list) list.push(state);
      else map.set(pin, [state]);
    }
  }
  for (const pin of decodeAscending(directory.unknownState)) if (!map.has(pin)) map.set(pin, []);
  byPin = map;
  return map;
}

/** The directory's entry for `pinCode` (six digits; anything else does not exist). */
export function lookUpPinCode(pinCode: string): PinCodeEntry {
  if (!/^[1-9]\d{5}$/.test(pinCode)) return { exists: false, states: [] };
  const states = pinMap().get(Number(pinCode));
  return states ? { exists: true, states } : { exists: false, states: [] };
}

/**
 * Null when a parcel to `pinCode` in `state` can be right, else the message for the PIN code
 * field: `errors.checkout.pinUnknown` (no post office has it) or `errors.checkout.pinState`
 * (its post offices are in another state, named as `pinState`). A PIN code the directory knows
 * without a state is accepted with any state. `nameOf` writes a state's name in the page's
 * language (its English name by default).
 */
export function pinCodeStateRefusal(
  pinCode: string,
  state: IndianState,
  nameOf: (state: IndianState) => string = (name) => name,
): MessageRef | null {
  const entry = lookUpPinCode(pinCode);
  if (!entry.exists) return message("errors.checkout.pinUnknown", { pinCode });
  if (entry.states.length === 0 || entry.states.includes(state)) return null;
  return message("errors.checkout.pinState", {
    pinCode,
    pinState: entry.states.map(nameOf).join(" / "),
    state: nameOf(state),
  });
}
