import { describe, expect, it } from "vitest";
import { IdSequence, uuidText } from "@/lib/datasets/import-ids";

describe("IdSequence", () => {
  it("makes RFC 9562 version 7 uuids that carry the start time and grow strictly", () => {
    const now = Date.UTC(2026, 10, 23, 12, 0, 0);
    const ids = new IdSequence(now);
    let previous = ids.next();
    // past 2^20, where the counter moves from the low into the high bits
    let bad = 0;
    for (let i = 1; i < (1 << 20) + 10; i++) {
      const id = ids.next();
      if (id[6]! >> 4 !== 7 || id[8]! >> 6 !== 0b10 || Buffer.compare(previous, id) >= 0) bad++;
      previous = id;
    }
    expect(bad).toBe(0);
    expect(previous.readUIntBE(0, 6)).toBe(now);
    expect(uuidText(previous)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("two sequences started in the same millisecond make different ids", () => {
    const [a, b] = [new IdSequence(1_700_000_000_000), new IdSequence(1_700_000_000_000)];
    const seen = new Set<string>();
    for (let i = 0; i < 10_000; i++) {
      seen.add(uuidText(a.next()));
      seen.add(uuidText(b.next()));
    }
    expect(seen.size).toBe(20_000);
  });

  it("writes into a caller's buffer at an offset without touching its neighbours", () => {
    const out = Buffer.alloc(40, 0xee);
    new IdSequence().nextInto(out, 12);
    expect([...out.subarray(0, 12)].every((b) => b === 0xee)).toBe(true);
    expect([...out.subarray(28)].every((b) => b === 0xee)).toBe(true);
    expect(out[12 + 6]! >> 4).toBe(7);
  });

  it("uuidText gives PostgreSQL's text form", () => {
    expect(uuidText(Buffer.from("0190c3a0b1c27def8123456789abcdef", "hex"))).toBe("0190c3a0-b1c2-7def-8123-456789abcdef");
  });
});
