import { describe, expect, it } from "vitest";
import { assertStatusChange, IllegalStatusChangeError } from "./status-change.server";
import { statusWorkflow } from "./status-workflow";

describe("statusWorkflow", () => {
  const lamp = statusWorkflow<"off" | "on" | "broken">(
    { off: ["on", "broken"], on: ["off", "broken"], broken: [] },
    "A lamp",
  );

  it("allows exactly the listed changes", () => {
    expect(lamp.can("off", "on")).toBe(true);
    expect(lamp.can("broken", "on")).toBe(false);
    expect(lamp.can("on", "on")).toBe(false);
    expect(() => assertStatusChange(lamp, "on", "broken")).not.toThrow();
  });

  it("refuses the others with the record's name, the two statuses and a readable message", () => {
    let thrown: unknown;
    try {
      assertStatusChange(lamp, "broken", "on");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(IllegalStatusChangeError);
    expect(thrown).toMatchObject({
      from: "broken",
      to: "on",
      message: "A lamp that is broken cannot become on.",
    });
  });
});
