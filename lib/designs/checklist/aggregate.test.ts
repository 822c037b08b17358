import { describe, expect, it } from "vitest";
import { decideUnit, tallyCriterion } from "@/lib/designs/checklist/aggregate";
import { checklistConfigSchema } from "@/lib/designs/checklist/config";
import { criteriaOf } from "@/lib/designs/checklist/criteria";

const config = checklistConfigSchema.parse({
  checklists: [
    {
      key: "sa",
      title: "Script and answer",
      criteria: [
        { key: "answerable", prompt: "Answerable?" },
        { key: "sound", prompt: "Reasoning sound?", answer: "yes_partly_no" },
        { key: "quality", prompt: "Quality?", answer: "scale_1_5" },
        { key: "under", prompt: "Underspecified as intended?", answer: "yes_no_na" },
      ],
    },
  ],
});
const criteria = criteriaOf(config);
const [answerable, sound, quality, under] = criteria;
const review = (p: string, answers: Record<string, string>) => ({ participantId: p, answers });
const good = { "sa.answerable": "yes", "sa.sound": "yes", "sa.quality": "5", "sa.under": "na" };
const base = { criteria, n: 2, questionIds: ["q1"], tiePolicy: "needs_review" as const, adjudications: {} };

describe("a criterion is decided on pass versus fail", () => {
  it("counts 4 and 5 on the scale as agreeing that it passes, and 3 against 4 as a tie", () => {
    expect(tallyCriterion(quality!, ["4", "5"], null)).toMatchObject({ majority: "4", tie: false, unanimous: false, passVotes: 2, failVotes: 0 });
    expect(tallyCriterion(quality!, ["3", "4"], null)).toMatchObject({ majority: null, tie: true, effective: null });
  });

  it("counts 'partly' and 'no' as agreeing that it fails, and 'not applicable' as passing", () => {
    const t = tallyCriterion(sound!, ["partly", "no"], null);
    expect(t).toMatchObject({ tie: false, passVotes: 0, failVotes: 2, counts: { partly: 1, no: 1 } });
    expect(t.majority).toBe("partly"); // the first failing option among equally common ones
    expect(tallyCriterion(under!, ["na", "yes"], null)).toMatchObject({ tie: false, passVotes: 2 });
  });

  it("lets an adjudication decide a tie", () => {
    expect(tallyCriterion(answerable!, ["yes", "no"], "no")).toMatchObject({ tie: true, majority: null, adjudicated: "no", effective: "no" });
  });
});

describe("a unit's decision", () => {
  it("keeps an item every criterion passes", () => {
    expect(decideUnit({ ...base, reviews: [review("a", good), review("b", { ...good, "sa.quality": "4", "sa.under": "yes" })] })).toMatchObject({ status: "keep", reasons: [], rejectedQuestions: [] });
  });

  it("rejects an item failing any criterion, naming the criterion, and drops its questions", () => {
    const d = decideUnit({ ...base, reviews: [review("a", { ...good, "sa.sound": "no" }), review("b", { ...good, "sa.sound": "partly" })] });
    expect(d).toMatchObject({ status: "reject", reasons: ["sa.sound"], rejectedQuestions: ["q1"] });
  });

  it("sends a tie to review by default, and follows keep or reject tie policies", () => {
    const reviews = [review("a", good), review("b", { ...good, "sa.answerable": "no" })];
    expect(decideUnit({ ...base, reviews }).status).toBe("needs_review");
    expect(decideUnit({ ...base, reviews, tiePolicy: "keep" }).status).toBe("keep");
    expect(decideUnit({ ...base, reviews, tiePolicy: "reject" })).toMatchObject({ status: "reject", reasons: ["sa.answerable"] });
    expect(decideUnit({ ...base, reviews, adjudications: { "sa.answerable": "yes" } }).status).toBe("keep");
  });

  it("is incomplete until N reviews are in, with no reasons yet", () => {
    expect(decideUnit({ ...base, reviews: [review("a", { ...good, "sa.answerable": "no" })] })).toMatchObject({ status: "incomplete", reasons: [] });
  });
});
