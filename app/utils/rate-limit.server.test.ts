/**
 * Rate-limit keys (app/utils/rate-limit.server.ts): an IPv6 client is one /64, so walking through
 * the addresses of its own prefix does not reset its allowance.
 */
import { describe, expect, it } from "vitest";
import { clientKeyOf } from "./rate-limit.server";

describe("clientKeyOf", () => {
  it("counts an IPv6 address as its /64, however it is written", () => {
    const key = "2001:db8:1:2::/64";
    for (const address of [
      "2001:db8:1:2::1",
      "2001:0db8:0001:0002:ffff:ffff:ffff:ffff",
      "2001:DB8:1:2:a:b:c:d",
      "2001:db8:1:2::1.2.3.4",
    ]) {
      expect(clientKeyOf(address), address).toBe(key);
    }
    expect(clientKeyOf("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(clientKeyOf("::1")).toBe("0:0:0:0::/64");
    expect(clientKeyOf("fe80::1")).toBe("fe80:0:0:0::/64");
  });

  it("keeps IPv4 addresses (also IPv4-mapped) and other keys as they are", () => {
    expect(clientKeyOf("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKeyOf("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKeyOf("asha@example.com")).toBe("asha@example.com");
  });
});
