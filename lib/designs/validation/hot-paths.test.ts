import { describe, expect, it } from "vitest";
import type { Gold } from "@/lib/benchmarks/types";
import { decideFromTallies, tallyCounts } from "@/lib/designs/validation/aggregate";
import { referenceText, unitChecks, type Check, type UnitQuestion } from "@/lib/designs/validation/checks";
import { validationConfigSchema, type ValidationConfig } from "@/lib/designs/validation/config";
import { rng } from "@/tests/support/random-study";

// tallyCounts, decideFromTallies and unitChecks run for every check of every unit of a results
// page (300,000 at 1M answers), so they are written as plain loops over shared objects. Here they
// are held to their former, straightforward versions (kept below as the reference) on random
// input, down to the key order of every object, which the JSON a page sends depends on.

function formerTallyCounts(counts: Readonly<Record<string, number>>) {
  const present = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const best = Math.max(0, ...present.map(([, n]) => n));
  const top = present.filter(([, n]) => n === best);
  return {
    counts: Object.fromEntries(present),
    votes: present.reduce((sum, [, n]) => sum + n, 0),
    majority: best > 0 && top.length === 1 ? top[0]![0] : null,
    tie: best > 0 && top.length > 1,
    unanimous: present.length === 1,
  };
}

const CORRECT_FIRST = [{ value: "yes", label: "Correct" }, { value: "no", label: "Wrong" }];
const WRONG_FIRST = [{ value: "yes", label: "Wrong" }, { value: "no", label: "Correct" }];
const FINE_FIRST = (flagged: string) => [{ value: "no", label: "Fine" }, { value: "yes", label: flagged }];

function formerUnitChecks(config: ValidationConfig, questions: UnitQuestion[]): Check[] {
  const checks: Check[] = [];
  for (const flag of config.contextChecks?.flags ?? []) {
    const short = flag.label.replace(/\s*\(.*\)\s*$/, "").trim() || flag.label;
    checks.push({ key: `flag:${flag.key}`, kind: "flag", prompt: `${flag.label}?`, options: FINE_FIRST(short), subject: flag.description });
  }
  if (config.labelJudgement) {
    const labels = [...config.labelJudgement.labels].sort((a, b) => Number(a.rejects) - Number(b.rejects));
    checks.push({ key: "label", kind: "label", prompt: config.labelJudgement.prompt, options: labels.map((l) => ({ value: l.key, label: l.label, description: l.description })) });
  }
  if (!config.answerKey) return checks;
  for (const q of questions) {
    const base = { questionId: q.id, questionPrompt: q.prompt };
    if ((q.kind === "single_choice" || q.kind === "multi_select") && q.options) {
      const marked = q.gold.kind === "single_choice" ? new Set([q.gold.index]) : q.gold.kind === "multi_select" ? new Set(q.options.flatMap((o, i) => ((q.gold as { values: string[] }).values.includes(o) ? [i] : []))) : new Set<number>();
      q.options.forEach((option, i) => {
        const letter = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[i] ?? String(i + 1);
        checks.push(
          marked.has(i)
            ? { ...base, key: `q:${q.id}:opt:${i}`, kind: "marked", prompt: `Option ${letter}, the marked answer: is it correct?`, options: CORRECT_FIRST, subject: option, optionIndex: i }
            : { ...base, key: `q:${q.id}:opt:${i}`, kind: "other_option", prompt: `Option ${letter}: is it wrong?`, options: WRONG_FIRST, subject: option, optionIndex: i },
        );
      });
    } else {
      checks.push({ ...base, key: `q:${q.id}:reference`, kind: "reference", prompt: "Is the reference answer correct?", options: CORRECT_FIRST, subject: referenceText(q.gold) });
    }
    checks.push({ ...base, key: `q:${q.id}:broken`, kind: "broken", prompt: "Is this question fine, or broken or ambiguous?", options: FINE_FIRST("Broken") });
  }
  return checks;
}

const config = validationConfigSchema.parse({
  contextChecks: { flags: [{ key: "incoherent", label: "Incoherent", description: "Makes no sense." }, { key: "unsafe", label: "Unsafe (unethical, harmful)" }] },
  labelJudgement: { prompt: "Does B understand A?", labels: [{ key: "no", label: "No", rejects: true }, { key: "yes", label: "Yes" }, { key: "partly", label: "Partly" }] },
  answerKey: true,
});

function randomQuestion(random: () => number, i: number): UnitQuestion {
  const options = ["Alice", "Bob", "Carol", "nobody", "Dan"].slice(0, 2 + Math.floor(random() * 4));
  const golds: [UnitQuestion["kind"], Gold][] = [
    ["single_choice", { kind: "single_choice", index: Math.floor(random() * options.length) }],
    ["multi_select", { kind: "multi_select", values: options.filter(() => random() < 0.5) }],
    ["yes_no", { kind: "yes_no", value: random() < 0.5 ? "yes" : "no" }],
    ["numeric", random() < 0.5 ? { kind: "numeric", value: 1250 } : { kind: "numeric", unanswerable: true }],
    ["short_text", { kind: "short_text", value: "the drawer" }],
    ["free_text", { kind: "free_text", reference: "She thinks it is lost." }],
  ];
  const [kind, gold] = golds[Math.floor(random() * golds.length)]!;
  return { id: `q${i}`, kind, prompt: `Question ${i}?`, options: kind === "single_choice" || kind === "multi_select" ? options : null, gold };
}

describe("validation hot paths equal their former versions", () => {
  it("tallyCounts: counts in label order, votes, majority, tie and unanimity (random counts, zeros, digit labels)", () => {
    const random = rng(7);
    const labels = ["yes", "no", "maybe", "10", "2", "b", "a"];
    for (let i = 0; i < 2000; i++) {
      const counts: Record<string, number> = {};
      for (const l of labels) if (random() < 0.5) counts[l] = Math.floor(random() * 4);
      const got = tallyCounts(counts);
      const want = formerTallyCounts(counts);
      expect(JSON.stringify(got)).toBe(JSON.stringify(want));
    }
  });

  it("unitChecks: the same checks, in order, with the same keys in the same order, for every question kind", () => {
    const random = rng(11);
    for (let i = 0; i < 300; i++) {
      const questions = Array.from({ length: Math.floor(random() * 4) }, (_, j) => randomQuestion(random, i * 10 + j));
      expect(JSON.stringify(unitChecks(config, questions))).toBe(JSON.stringify(formerUnitChecks(config, questions)));
    }
    const noKey = validationConfigSchema.parse({ ...config, answerKey: false });
    expect(JSON.stringify(unitChecks(noKey, [randomQuestion(random, 0)]))).toBe(JSON.stringify(formerUnitChecks(noKey, [])));
  });

  it("unitChecks: the checks every unit shares are made once per config and cannot be changed through one unit", () => {
    const [a, b] = [unitChecks(config, []), unitChecks(config, [])];
    expect(a).not.toBe(b);
    expect(a[0]).toBe(b[0]);
    expect(() => {
      (a[0] as { prompt: string }).prompt = "changed";
    }).toThrow(TypeError);
  });

  it("decideFromTallies: each check's result has its keys in the former order, a consensus label replaces the majority", () => {
    const checks = unitChecks(config, [randomQuestion(rng(3), 1)]);
    const tallies = new Map(checks.map((c, i) => [c.key, i % 2 ? { yes: 2, no: 1 } : { yes: 1, no: 1 }]));
    const d = decideFromTallies({ checks, tallies, submitted: 3, n: 3, unitType: "question", questionIds: ["q1"], config, adjudications: { "flag:unsafe": "no" }, consensus: { label: null, "flag:incoherent": "no" } });
    for (const c of checks) expect(Object.keys(d.checks[c.key]!)).toEqual(["counts", "votes", "majority", "tie", "unanimous", "adjudicated", "effective"]);
    expect(d.checks["flag:incoherent"]).toMatchObject({ majority: "no", tie: false, effective: "no" });
    expect(d.checks["label"]).toMatchObject({ majority: null, tie: true, effective: null });
    expect(d.checks["flag:unsafe"]).toMatchObject({ majority: "yes", adjudicated: "no", effective: "no" });
  });
});
