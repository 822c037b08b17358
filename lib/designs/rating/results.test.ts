import { describe, expect, it } from "vitest";
import { ratingConfigSchema } from "@/lib/designs/rating/config";
import { computeRatingResults } from "@/lib/designs/rating/results";

const config = ratingConfigSchema.parse({ models: ["a", "b"] });
const unit = (id: string, model: string) => ({ id, ordinal: 1, contextId: "c", questionId: "q1", questionIds: ["q1"], model, stratum: null, title: null, live: 0 });
const rating = (unitId: string, participantId: string, score: number) => ({ unitId, participantId, pseudonym: participantId, externalId: null, seconds: 10, score, penalties: [] });

describe("rating results", () => {
  it("before any rating: each model listed without a mean, correlations and ICC left out with reasons", () => {
    const r = computeRatingResults({ n: 2, config }, { units: [unit("u1", "a")], ratings: [], questions: new Map(), answers: new Map(), metrics: [{ questionId: "q1", model: "a", metric: "rouge_l", value: 0.3 }] });
    expect(r.models).toEqual([
      expect.objectContaining({ model: "a", answers: 0, meanScore: null, ci95: null }),
      expect.objectContaining({ model: "b", answers: 0, meanScore: null, ci95: null }),
    ]);
    expect(r.correlations).toEqual([expect.objectContaining({ metric: "rouge_l", n: 0, pearson: null, spearman: null })]);
    expect(r.correlations[0]!.notes.join(" ")).toMatch(/at least 4 pairs/);
    expect(r.icc.single).toBeNull();
  });

  it("averages each answer's ratings before averaging over the model's answers", () => {
    const units = [unit("u1", "a"), unit("u2", "a")].map((u, i) => ({ ...u, questionId: `q${i}` }));
    // answer 1 rated 1 and 0 (mean 0.5), answer 2 rated 1 once: the model's mean is (0.5 + 1) / 2, not 2/3
    const ratings = [rating("u1", "p1", 1), rating("u1", "p2", 0), rating("u2", "p1", 1)];
    const r = computeRatingResults({ n: 2, config }, { units, ratings, questions: new Map(), answers: new Map(), metrics: [] });
    expect(r.models[0]).toMatchObject({ answers: 2, ratings: 3, meanScore: 0.75 });
  });
});
