import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Gold } from "@/lib/benchmarks/types";
import { unitChecks, type UnitQuestion } from "@/lib/designs/validation/checks";
import { validationConfigSchema, type ValidationConfig } from "@/lib/designs/validation/config";
import type { Adjudicated } from "@/lib/designs/validation/decide";
import { addTallyPatterns, type CountPatterns } from "@/lib/designs/validation/agreement";
import { decideAlike, decideInputs, outcomeOf, type Decidable, type UnitInputs } from "@/lib/designs/validation/decide-alike";
import { rng } from "@/tests/support/random-study";

// Alike units share one decision (decide-alike.ts). Held here to deciding every unit on its own, on
// random studies whose units often repeat one another's answers on questions of the same shape and
// as often differ in one count, one option, one marked answer, one unanswered check or one LLM verdict.

const SHAPES: [UnitQuestion["kind"], string[] | null, Gold][] = [
  ["single_choice", ["box", "basket", "bag"], { kind: "single_choice", index: 0 }],
  ["single_choice", ["box", "basket", "bag"], { kind: "single_choice", index: 2 }],
  ["single_choice", ["box", "basket"], { kind: "single_choice", index: 0 }],
  ["multi_select", ["Ana", "Ben", "Cy"], { kind: "multi_select", values: ["Ana", "Cy"] }],
  ["yes_no", null, { kind: "yes_no", value: "yes" }],
  ["short_text", null, { kind: "short_text", value: "the drawer" }],
];

function study(rule: Partial<ValidationConfig["rule"]>, llm: boolean) {
  const config = validationConfigSchema.parse({
    contextChecks: { flags: [{ key: "odd", label: "Odd" }], comment: false },
    labelJudgement: { prompt: "Fair?", labels: [{ key: "fair", label: "Fair" }, { key: "unfair", label: "Unfair", rejects: true }] },
    answerKey: true,
    rule: { tiePolicy: "needs_review", ...(llm ? { llmJudge: { model: "judge" } } : {}), ...rule },
  });
  return { n: 3, unitType: "context" as const, config };
}

function randomStudy(seed: number, s: ReturnType<typeof study>) {
  const random = rng(seed);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const questions = new Map<string, UnitQuestion>();
  const llm: Record<string, boolean | null> = {};
  const adjudicated = new Map<string, Adjudicated>();
  const units: UnitInputs[] = [];
  for (let u = 0; u < 600; u++) {
    const ids = Array.from({ length: 1 + Math.floor(random() * 2) }, () => randomUUID());
    ids.forEach((id, i) => {
      // the same shapes at the same positions in most units, so classes repeat
      const [kind, options, gold] = random() < 0.8 ? SHAPES[i]! : pick(SHAPES);
      questions.set(id, { id, kind, prompt: `Question ${u}.${i}?`, options, gold });
      llm[id] = random() < 0.9 ? true : pick([false, null]);
    });
    const votes: Record<string, Record<string, number>> = {};
    // few patterns of answers: units agree unanimously, or split in one of a few ways
    const split = random() < 0.7 ? 0 : 1 + Math.floor(random() * 2);
    const checks = unitChecks(s.config, ids.map((id) => questions.get(id)!));
    // now and then a check nobody answered (its key absent from the tally)
    const unanswered = random() < 0.3 ? pick(checks).key : null;
    for (const check of checks) {
      if (check.key === unanswered) continue;
      const values = check.options.map((o) => o.value);
      const counts: Record<string, number> = {};
      counts[values[0]!] = 3 - Math.min(split, 3);
      if (split > 0 && random() < 0.5) counts[values[1]!] = split;
      votes[check.key] = counts;
    }
    const unitId = randomUUID();
    const adjudications = random() < 0.05 ? 1 : 0;
    if (adjudications) adjudicated.set(unitId, { "flag:odd": { decision: "yes" } });
    units.push({ unitId, questionIds: ids, responses: random() < 0.9 ? 3 : 2, votes: JSON.stringify(votes), adjudications });
  }
  return { units, inputs: { questions, llm, adjudicated } satisfies Decidable };
}

describe("decideAlike", () => {
  for (const [name, rule, llm] of [
    ["ties wait for review", {}, false],
    ["ties keep, with an LLM judge", { tiePolicy: "keep" as const }, true],
    ["ties reject", { tiePolicy: "reject" as const }, false],
  ] as const) {
    it(`gives every unit the outcome its own decision gives (${name}), deciding each class of alike units once`, async () => {
      const s = study(rule, llm);
      const { units, inputs } = randomStudy(name.length, s);
      const decidable: Decidable = { ...inputs, llm: llm ? inputs.llm : undefined };
      // given a turn before each decision it makes: so `decided` counts them
      let decided = 0;
      const byClass: CountPatterns = new Map();
      const got = await decideAlike(s, units, decidable, { each: async () => void decided++, every: 1, tallies: (votes, n) => addTallyPatterns(byClass, votes, n) });
      const statuses = new Set<string>();
      for (const u of units) {
        const { decision, checks } = decideInputs(s, u, decidable);
        expect(got.get(u.unitId)).toEqual(outcomeOf(s.n, u.responses, checks, decision));
        statuses.add(decision.status);
      }
      // the random study reaches several outcomes, rejected questions among them, and shares decisions
      expect(statuses.size).toBeGreaterThan(1);
      expect([...got.values()].some((o) => o.rejected.length > 0)).toBe(true);
      expect(decided).toBeLessThan(units.length * 0.8);
      expect(decided).toBeGreaterThan(10);
      // one tally per class, times its units, counts what every unit's own tally counts
      const byUnit: CountPatterns = new Map();
      for (const u of units) addTallyPatterns(byUnit, u.votes, 1);
      expect(byClass).toEqual(byUnit);
    });
  }
});
