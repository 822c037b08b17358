import { mcnemar, pairedDiffProportions } from "@/lib/metrics";
import { row, type AccuracyRow, type AnswerRow } from "@/lib/designs/baseline/rows";

// Groups and stages, as CharToM-QA's human study reports them: accuracy per group × stage
// (window); the gap between the groups, paired by question (both groups answer the same
// question: Newcombe's paired interval and an exact McNemar test); and the revisions between
// stage 1 and stage 2, per group (right → wrong, wrong → right; exact McNemar within participant).

export interface GroupStageRow extends AccuracyRow<{ group: string; stage: number }> {
  view: string | null;
}

export interface GroupGap {
  stage: number;
  view: string | null;
  groups: [string, string];
  /** questions answered (and scored) by both groups at this stage */
  pairs: number;
  /** accuracy of the first group − the second, on those questions */
  diff: number | null;
  ci95: [number, number] | null;
  mcnemarP: number | null;
}

export interface Revisions {
  group: string;
  /** units answered at both stages */
  n: number;
  rightToWrong: number;
  wrongToRight: number;
  stayedRight: number;
  stayedWrong: number;
  /** answers changed between the stages, right or wrong */
  changed: number;
  mcnemarP: number | null;
}

const GROUPLESS = "(all)";

/** Scored answers counted per question, stage and group (GROUP BY in SQL): n right or wrong, correct. */
export interface QuestionCount {
  questionId: string;
  stage: number;
  group: string | null;
  /** answers scored (right or wrong), those right, and every answer (unscored ones too) */
  n: number;
  correct: number;
  rows: number;
}

export function byGroupStage(counts: readonly QuestionCount[], viewOf: (stage: number) => string | null, order: readonly string[]): GroupStageRow[] {
  const cells = new Map<string, { group: string; stage: number; n: number; correct: number }>();
  for (const q of counts) {
    if (q.n === 0) continue;
    const group = q.group ?? GROUPLESS;
    const id = `${group}\u0000${q.stage}`;
    const c = cells.get(id) ?? { group, stage: q.stage, n: 0, correct: 0 };
    c.n += q.n;
    c.correct += q.correct;
    cells.set(id, c);
  }
  const rank = (g: string) => (order.includes(g) ? order.indexOf(g) : order.length);
  return [...cells.values()]
    .sort((x, y) => rank(x.group) - rank(y.group) || x.group.localeCompare(y.group) || x.stage - y.stage)
    .map((c) => ({ ...row({ group: c.group, stage: c.stage }, c.correct, c.n), view: viewOf(c.stage) }));
}

/** The first two groups' accuracy gap per stage, paired by question. */
export function groupGaps(answers: readonly AnswerRow[], groups: readonly string[], stages: number, viewOf: (stage: number) => string | null): GroupGap[] {
  if (groups.length < 2) return [];
  const [a, b] = [groups[0]!, groups[1]!];
  const gaps: GroupGap[] = [];
  for (let stage = 1; stage <= stages; stage++) {
    const byQuestion = new Map<string, { a?: boolean; b?: boolean }>();
    for (const x of answers) {
      if (x.stage !== stage || x.correct === null || (x.group !== a && x.group !== b)) continue;
      const q = byQuestion.get(x.questionId) ?? {};
      // one answer per group per question (the quota); a second, if a quota allowed one, is ignored
      if (x.group === a) q.a ??= x.correct;
      else q.b ??= x.correct;
      byQuestion.set(x.questionId, q);
    }
    const t = { both: 0, firstOnly: 0, secondOnly: 0, neither: 0 };
    for (const q of byQuestion.values()) {
      if (q.a === undefined || q.b === undefined) continue;
      if (q.a && q.b) t.both++;
      else if (q.a) t.firstOnly++;
      else if (q.b) t.secondOnly++;
      else t.neither++;
    }
    const d = pairedDiffProportions(t);
    const p = mcnemar(t.firstOnly, t.secondOnly, "exact");
    gaps.push({ stage, view: viewOf(stage), groups: [a, b], pairs: t.both + t.firstOnly + t.secondOnly + t.neither, diff: d.value, ci95: d.value === null ? null : [d.lower, d.upper], mcnemarP: p.value });
  }
  return gaps;
}

/** Stage 1 → stage 2, per participant and question, by group. */
export function revisions(answers: readonly AnswerRow[], order: readonly string[]): Revisions[] {
  const pairs = new Map<string, { group: string; first?: AnswerRow; last?: AnswerRow }>();
  for (const x of answers) {
    const id = `${x.participantId}\u0000${x.questionId}`;
    const p = pairs.get(id) ?? { group: x.group ?? GROUPLESS };
    if (x.stage === 1) p.first = x;
    else p.last = x;
    pairs.set(id, p);
  }
  const out = new Map<string, Revisions>();
  for (const p of pairs.values()) {
    if (!p.first || !p.last || p.first.correct === null || p.last.correct === null) continue;
    const r = out.get(p.group) ?? { group: p.group, n: 0, rightToWrong: 0, wrongToRight: 0, stayedRight: 0, stayedWrong: 0, changed: 0, mcnemarP: null };
    r.n++;
    if (p.first.correct && !p.last.correct) r.rightToWrong++;
    else if (!p.first.correct && p.last.correct) r.wrongToRight++;
    else if (p.first.correct) r.stayedRight++;
    else r.stayedWrong++;
    if (p.first.normalized !== p.last.normalized) r.changed++;
    out.set(p.group, r);
  }
  const rank = (g: string) => (order.includes(g) ? order.indexOf(g) : order.length);
  return [...out.values()]
    .sort((x, y) => rank(x.group) - rank(y.group))
    .map((r) => ({ ...r, mcnemarP: mcnemar(r.rightToWrong, r.wrongToRight, "exact").value }));
}
