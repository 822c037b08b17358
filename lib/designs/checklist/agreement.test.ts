import { describe, expect, it } from "vitest";
import { criterionAgreement } from "@/lib/designs/checklist/agreement";
import { checklistConfigSchema } from "@/lib/designs/checklist/config";
import { criteriaOf } from "@/lib/designs/checklist/criteria";

const criteria = criteriaOf(checklistConfigSchema.parse({ checklists: [{ key: "sa", title: "S", criteria: [{ key: "ok", prompt: "OK?" }] }] }));
const A = ["yes", "yes", "yes", "no", "no", "yes"];
const B = ["yes", "yes", "no", "no", "yes", "yes"];
// by hand: p_o = 4/6; both raters say yes 4 times in 6, so p_e = (4/6)² + (2/6)² = 20/36;
// κ = (24/36 − 20/36) / (1 − 20/36) = 4/16
const KAPPA = 0.25;

describe("agreement per criterion", () => {
  it("gives Cohen's κ of the two reviewers, computed by hand", () => {
    const reviews = A.flatMap((a, i) => [
      { unitId: `u${i}`, participantId: "ann", answers: { "sa.ok": a } },
      { unitId: `u${i}`, participantId: "bob", answers: { "sa.ok": B[i]! } },
    ]);
    const [figures] = criterionAgreement(criteria, reviews, 2);
    expect(figures!.figures.cohenKappa).toBeCloseTo(KAPPA, 12);
    expect(figures!.figures.percentAgreement).toBeCloseTo(4 / 6, 12);
    expect(figures!.figures.notes.join(" ")).not.toMatch(/Cohen/);
  });

  it("pairs each unit's first and second review when more than two reviewers share the units", () => {
    // the same answers, but the second review of units 3–5 is by a third reviewer
    const reviews = A.flatMap((a, i) => [
      { unitId: `u${i}`, participantId: "ann", answers: { "sa.ok": a } },
      { unitId: `u${i}`, participantId: i < 3 ? "bob" : "cyd", answers: { "sa.ok": B[i]! } },
    ]);
    const [figures] = criterionAgreement(criteria, reviews, 2);
    expect(figures!.figures.cohenKappa).toBeCloseTo(KAPPA, 12);
    expect(figures!.figures.notes.join(" ")).toMatch(/first and second review/);
  });

  it("leaves κ out, with the reason, when N is not 2", () => {
    const reviews = ["a", "b", "c"].map((p) => ({ unitId: "u0", participantId: p, answers: { "sa.ok": "yes" } }));
    const [figures] = criterionAgreement(criteria, reviews, 3);
    expect(figures!.figures.cohenKappa).toBeNull();
    expect(figures!.figures.notes.join(" ")).toMatch(/two reviewers per unit/);
  });
});
