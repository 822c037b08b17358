import { describe, expect, it } from "vitest";
import { scatterSvg } from "@/lib/designs/rating/svg";

describe("the scatter plots", () => {
  const scale = { min: 0, max: 1, step: 0.25 };
  const points = [
    { questionId: "q1", model: "m<1>", metric: 0.2, human: 0 },
    { questionId: "q2", model: "m2", metric: 0.8, human: 1 },
  ];

  it("draws one panel per metric with a dot per answer inside the plot area, r, ρ and n in its title", () => {
    const svg = scatterSvg([{ metric: "rouge_l", points }, { metric: "bert", points: [] }], [{ metric: "rouge_l", source: "imported", n: 2, pearson: 1, spearman: 1, pearsonCi95: null, spearmanCi95: null, notes: [] }], scale);
    expect(svg.match(/<g>/g)).toHaveLength(2);
    expect(svg).toContain("rouge_l: r = 1.00, ρ = 1.00, n = 2");
    expect(svg).toContain("bert: r = —, ρ = —, n = 0");
    const [low, high] = [...svg.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)"/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(low![0]).toBeLessThan(high![0]!); // a higher metric is further right
    expect(low![1]).toBeGreaterThan(high![1]!); // a higher human score is higher up
  });

  it("escapes names it did not write", () => {
    const svg = scatterSvg([{ metric: "<script>alert(1)</script>", points }], [], scale);
    expect(svg).not.toContain("<script>");
    expect(svg).not.toContain("m<1>");
  });
});
