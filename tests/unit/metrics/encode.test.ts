import { describe, expect, it } from "vitest";
import { countMatrix, countMatrixFromRows, DuplicateRatingError, encodeRatings, RatingsEncoder } from "@/lib/metrics";
import { randomRatings } from "./fixtures";

describe("integer coding and the count matrix", () => {
  it("codes units and raters in first-seen order and sorts numeric labels ascending, then strings", () => {
    const coded = encodeRatings([
      { unit: "b", rater: "r2", label: 10 },
      { unit: "a", rater: "r1", label: 2 },
      { unit: "a", rater: "r2", label: "x" },
    ]);
    expect(coded.units).toEqual(["b", "a"]);
    expect(coded.raters).toEqual(["r2", "r1"]);
    expect(coded.categories).toEqual([2, 10, "x"]);
    expect([...coded.label]).toEqual([1, 0, 2]);
  });

  it("keeps declared categories even when no one uses them", () => {
    expect(encodeRatings([{ unit: "a", rater: "r", label: "yes" }], ["no", "yes"]).categories).toEqual(["no", "yes"]);
  });

  it("keeps declared categories in the declared order when asked, undeclared labels sorted after them", () => {
    const ratings = [
      { unit: "a", rater: "r", label: "mid" },
      { unit: "b", rater: "r", label: "zzz" },
      { unit: "c", rater: "r", label: "aaa" },
    ];
    const coded = encodeRatings(ratings, ["low", "mid", "high"], { order: "declared" });
    expect(coded.categories).toEqual(["low", "mid", "high", "aaa", "zzz"]);
    expect([...coded.label]).toEqual([1, 4, 3]);
    expect(encodeRatings(ratings, ["low", "mid", "high"]).categories).toEqual(["aaa", "high", "low", "mid", "zzz"]);
    const enc = new RatingsEncoder(["low", "high"]);
    enc.add("u", "r", "other");
    expect([enc.declares("low"), enc.declares("other"), enc.declares("none")]).toEqual([true, false, false]);
  });

  it("accepts repeated ratings of a unit by one rater only when asked (Dawid–Skene models them)", () => {
    const ratings = [
      { unit: "u", rater: "r", label: 1 },
      { unit: "u", rater: "r", label: 2 },
    ];
    expect(() => encodeRatings(ratings)).toThrow(DuplicateRatingError);
    expect(encodeRatings(ratings, [], { repeats: true }).unit.length).toBe(2);
  });

  it("throws DuplicateRatingError naming both ratings when a rater rates a unit twice", () => {
    const enc = new RatingsEncoder();
    enc.add("u1", "r1", "x");
    enc.add("u2", "r1", "x");
    enc.add("u1", "r1", "y");
    expect(() => enc.finish()).toThrow(DuplicateRatingError);
    try {
      enc.finish();
    } catch (err) {
      expect(err).toMatchObject({ index: 2, firstIndex: 0, unit: "u1", rater: "r1" });
    }
  });

  it("counts the same n_uk as a naive tally, with rows in category order", () => {
    const ratings = randomRatings(9, 300, 7, 5, 0.6);
    const coded = encodeRatings(ratings);
    const m = countMatrix(coded);
    const naive = new Map<string, number>();
    for (const r of ratings) naive.set(`${r.unit}|${r.label}`, (naive.get(`${r.unit}|${r.label}`) ?? 0) + 1);
    let entries = 0;
    coded.units.forEach((unit, u) => {
      let total = 0;
      for (let e = m.start[u]!; e < m.start[u + 1]!; e++) {
        if (e > m.start[u]!) expect(m.category[e]!).toBeGreaterThan(m.category[e - 1]!);
        expect(m.count[e]).toBe(naive.get(`${unit}|${m.categories[m.category[e]!]}`));
        total += m.count[e]!;
        entries++;
      }
      expect(m.total[u]).toBe(total);
    });
    expect(entries).toBe(naive.size);
  });

  it("sorts long rows (many distinct values in one unit)", () => {
    const ratings = Array.from({ length: 40 }, (_, i) => ({ unit: "u", rater: `r${i}`, label: (i * 17) % 40 }));
    const m = countMatrix(encodeRatings(ratings));
    expect([...m.category]).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });

  it("builds a matrix from a dense table and rejects bad counts", () => {
    const m = countMatrixFromRows([[1, 0, 2], [0, 0, 0]]);
    expect([...m.total]).toEqual([3, 0]);
    expect([...m.category]).toEqual([0, 2]);
    expect(() => countMatrixFromRows([[1.5]])).toThrow(RangeError);
  });
});
