import { describe, expect, it } from "vitest";
import { durationOf, participantsText, planSentence, stratumText, type Plan } from "@/components/studies/plan-text";
import { isIdentifierTag, matchesSearch, splitTags } from "@/components/studies/tag-kinds";

const values = (...vs: [string, number][]) => vs.map(([value, count]) => ({ value, count }));

describe("identifier-like tags", () => {
  it("are recognised by name (ids, hashes, keys)", () => {
    for (const tag of ["u_id", "id", "source-id", "set_uuid", "content_hash", "sha256", "record.key"]) expect(isIdentifierTag(tag, values(["a", 3]))).toBe(true);
    for (const tag of ["mental_state", "order", "idea", "valid", "hashtag"]) expect(isIdentifierTag(tag, values(["a", 3]))).toBe(false);
  });

  it("are recognised by values that are all UUIDs, ULIDs or hex digests", () => {
    expect(isIdentifierTag("source", values(["01ARZ3NDEKTSV4RRFFQ69G5FAV", 1], ["01BX5ZZKBKACTAV9WEVGEMMVRZ", 1]))).toBe(true);
    expect(isIdentifierTag("ref", values(["3f2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d", 1]))).toBe(true);
    expect(isIdentifierTag("ref", values(["0f8fad5b-d9cb-469f-a165-70867728950e", 2]))).toBe(true);
    expect(isIdentifierTag("book", values(["Emma", 10], ["Persuasion", 4]))).toBe(false);
  });

  it("are recognised when (nearly) every question has its own value, but not in a tiny dataset", () => {
    const distinct = Array.from({ length: 20 }, (_, i) => [`s${i}`, 1] as [string, number]);
    expect(isIdentifierTag("scenario", values(...distinct))).toBe(true);
    expect(isIdentifierTag("scenario", values(...distinct.slice(0, 4)))).toBe(false);
    const shared = Array.from({ length: 20 }, (_, i) => [`s${i}`, 5] as [string, number]);
    expect(isIdentifierTag("scenario", values(...shared))).toBe(false);
  });

  it("are put behind 'more', the rest kept in name order", () => {
    expect(splitTags({ order: values(["first", 2]), u_id: values(["1", 1]), mental_state: values(["belief", 2]) })).toEqual({ common: ["mental_state", "order"], identifiers: ["u_id"] });
  });

  it("search tag names and values, ignoring case", () => {
    expect(matchesSearch("", "order", [])).toBe(true);
    expect(matchesSearch("MENTAL", "mental_state", [])).toBe(true);
    expect(matchesSearch("belief", "mental_state", values(["false_belief", 1]))).toBe(true);
    expect(matchesSearch("zzz", "mental_state", values(["belief", 1]))).toBe(false);
  });
});

const PLAN: Plan = {
  units: 3,
  candidates: 4,
  answers: 6,
  participants: 3,
  strata: [
    { key: { mental_state: "belief", order: "second" }, available: 1, taken: 1 },
    { key: { mental_state: "emotion", order: "second" }, available: 3, taken: 2 },
  ],
  shortStrata: [{ key: { mental_state: "belief", order: "second" }, available: 1, taken: 1 }],
};

describe("planning figures in words", () => {
  it("name a stratum by its tag values", () => {
    expect(stratumText({ mental_state: "belief", order: "second" })).toBe("mental_state belief · order second");
  });

  it("give person-time only once a median time per unit exists", () => {
    expect(durationOf(PLAN, null, null)).toBeNull();
    expect(durationOf(PLAN, null, 40)).toEqual({ total: 240, perParticipant: 120 });
    expect(durationOf(PLAN, 2, 40)).toEqual({ total: 240, perParticipant: 80 });
  });

  it("say the per-person limit the participant count assumes", () => {
    expect(participantsText(PLAN, null)).toBe("3 participants (each may do every unit)");
    expect(participantsText({ ...PLAN, participants: 1 }, 1)).toBe("1 participant (at most 1 unit each)");
    expect(participantsText(PLAN, 5)).toBe("3 participants (each may do every unit)");
  });

  it("announce the figures and the short strata in one sentence", () => {
    expect(planSentence(PLAN, 2, null)).toBe("Plan: 3 units, 6 answers needed, 3 participants (at most 2 units each) needed. 1 stratum short of k.");
    expect(planSentence({ ...PLAN, shortStrata: [] }, null, 30)).toBe("Plan: 3 units, 6 answers needed, 3 participants (each may do every unit) needed, about 3 min 00 s of work.");
  });
});
