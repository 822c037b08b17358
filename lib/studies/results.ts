import type { Study } from "@/lib/db/client";
import { decideUnit, type UnitDecision } from "@/lib/designs/validation/aggregate";
import { unitChecks, type Check } from "@/lib/designs/validation/checks";
import { validationConfigSchema } from "@/lib/designs/validation/config";
import { checkAgreement, type AgreementFigures } from "@/lib/studies/agreement";
import { loadStudyData, type StudyData } from "@/lib/studies/load";

// The researcher's dashboard: progress, votes and decisions per unit and check, agreement per
// check, per-participant figures, and the adjudication queue.

export interface UnitRow {
  unitId: string;
  ordinal: number;
  title: string | null;
  submitted: number;
  live: number;
  checks: Check[];
  decision: UnitDecision;
}

export interface StudyResults {
  progress: {
    units: number;
    complete: number;
    inProgress: number;
    remaining: number;
    participants: number;
    responses: number;
    medianSecondsPerUnit: number | null;
  };
  decisions: Record<UnitDecision["status"], number>;
  agreement: { check: string; label: string; figures: AgreementFigures }[];
  participants: { participantId: string; pseudonym: string; externalId: string | null; units: number; medianSeconds: number | null; agreementWithMajority: number | null }[];
  units: UnitRow[];
  queue: { unitId: string; ordinal: number; title: string | null; check: string; prompt: string; counts: Record<string, number>; reason: "tie" | "disagreement" }[];
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function computeResults(study: Pick<Study, "n" | "unitType" | "config">, data: StudyData): StudyResults {
  const config = validationConfigSchema.parse(study.config);
  const votesByUnit = new Map<string, StudyData["responses"]>();
  for (const r of data.responses) {
    if (!votesByUnit.has(r.unitId)) votesByUnit.set(r.unitId, []);
    votesByUnit.get(r.unitId)!.push(r);
  }

  const units: UnitRow[] = data.units.map((u) => {
    const checks = unitChecks(config, config.answerKey ? u.questions : []);
    const votes = votesByUnit.get(u.id) ?? [];
    const adjudications = Object.fromEntries(Object.entries(data.adjudications.get(u.id) ?? {}).map(([k, v]) => [k, v.decision]));
    const decision = decideUnit({
      checks,
      votes,
      n: study.n,
      unitType: study.unitType === "question" ? "question" : "context",
      questionIds: u.questions.map((q) => q.id),
      config,
      adjudications,
      llm: data.llm,
    });
    return { unitId: u.id, ordinal: u.ordinal, title: u.title, submitted: votes.length, live: u.live, checks, decision };
  });

  const decisions = { incomplete: 0, keep: 0, reject: 0, needs_review: 0 };
  for (const u of units) decisions[u.decision.status]++;

  // agreement with the (strict) majority, per participant, over checks that have one
  const majorityOf = new Map(units.map((u) => [u.unitId, u.decision.checks]));
  const perParticipant = new Map<string, { pseudonym: string; externalId: string | null; units: number; seconds: number[]; agree: number; compared: number }>();
  for (const r of data.responses) {
    const p = perParticipant.get(r.participantId) ?? { pseudonym: r.pseudonym, externalId: r.externalId, units: 0, seconds: [], agree: 0, compared: 0 };
    p.units++;
    if (r.seconds !== null) p.seconds.push(r.seconds);
    for (const [key, value] of Object.entries(r.answers)) {
      const majority = majorityOf.get(r.unitId)?.[key]?.majority;
      if (majority == null) continue;
      p.compared++;
      if (majority === value) p.agree++;
    }
    perParticipant.set(r.participantId, p);
  }

  const queue: StudyResults["queue"] = [];
  for (const u of units) {
    if (u.submitted < study.n) continue;
    for (const check of u.checks) {
      const r = u.decision.checks[check.key]!;
      if (r.adjudicated !== null || r.unanimous) continue;
      queue.push({ unitId: u.unitId, ordinal: u.ordinal, title: u.title, check: check.key, prompt: check.questionPrompt ? `${check.questionPrompt} — ${check.prompt}${check.subject ? ` (${check.subject})` : ""}` : check.prompt, counts: r.counts, reason: r.tie ? "tie" : "disagreement" });
    }
  }
  queue.sort((a, b) => (a.reason === b.reason ? a.ordinal - b.ordinal : a.reason === "tie" ? -1 : 1));

  const complete = units.filter((u) => u.submitted >= study.n).length;
  const started = units.filter((u) => u.submitted < study.n && (u.live > 0 || u.submitted > 0)).length;
  return {
    progress: {
      units: units.length,
      complete,
      inProgress: started,
      remaining: units.length - complete - started,
      participants: perParticipant.size,
      responses: data.responses.length,
      medianSecondsPerUnit: median(data.responses.flatMap((r) => (r.seconds === null ? [] : [r.seconds]))),
    },
    decisions,
    agreement: checkAgreement(config, units, data.responses),
    participants: [...perParticipant.entries()].map(([participantId, p]) => ({
      participantId,
      pseudonym: p.pseudonym,
      externalId: p.externalId,
      units: p.units,
      medianSeconds: median(p.seconds),
      agreementWithMajority: p.compared ? p.agree / p.compared : null,
    })),
    units,
    queue,
  };
}

export async function studyResults(study: Study): Promise<StudyResults> {
  const config = validationConfigSchema.parse(study.config);
  return computeResults(study, await loadStudyData(study, config.rule.llmJudge?.model ?? null));
}
