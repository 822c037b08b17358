import type { Study, UnitStatus } from "@/lib/designs/types";
import type { UnitDecision } from "@/lib/designs/validation/aggregate";
import { markedIndexes, unitChecks, type Check, type UnitQuestion } from "@/lib/designs/validation/checks";
import type { ValidationConfig } from "@/lib/designs/validation/config";
import { decideStudyUnit, queuedChecks, type Adjudicated } from "@/lib/designs/validation/decide";

// What the summary and the kept decisions need of a unit's decision (decision-store.ts), worked out
// once per class of alike units. Two units are alike when their inputs are the same up to their
// question ids: the same answers on the same checks, of questions of the same shape (kind, options,
// the marked ones), the same number of answers and the same LLM verdicts, and no adjudication. Their
// decisions are then the same up to those ids, so a read that decides 50,000 units again decides each
// class once. A study whose every unit differs gains nothing and loses little: one string per unit.

export interface Outcome {
  status: UnitStatus;
  tie: boolean;
  /** checks waiting for a researcher, and of those the tied ones */
  queued: number;
  queuedTies: number;
  rejected: string[];
}

export interface UnitInputs {
  unitId: string;
  questionIds: string[];
  responses: number;
  /** the unit's tally (check key → label → count) as PostgreSQL's jsonb text: one canonical order */
  votes: string;
  adjudications: number;
}

type DecideStudy = Pick<Study<ValidationConfig>, "n" | "unitType" | "config">;

export interface Decidable {
  questions: Map<string, UnitQuestion>;
  adjudicated: Map<string, Adjudicated>;
  llm: Record<string, boolean | null> | undefined;
}

/** One unit's checks and decision from its inputs, as the results work them out. */
export function decideInputs(study: DecideStudy, u: UnitInputs, { questions, adjudicated, llm }: Decidable): { decision: UnitDecision; checks: Check[] } {
  const checks = unitChecks(study.config, u.questionIds.flatMap((id) => questions.get(id) ?? []));
  const tallies = new Map(Object.entries(JSON.parse(u.votes) as Record<string, Record<string, number>>));
  const decision = decideStudyUnit(study, { questionIds: u.questionIds, checks, tallies, submitted: u.responses, adjudicated: adjudicated.get(u.unitId) }, llm);
  return { decision, checks };
}

export function outcomeOf(n: number, submitted: number, checks: Check[], decision: UnitDecision): Outcome {
  const queued = queuedChecks(n, submitted, checks, decision);
  let tie = false;
  for (const key in decision.checks) if (decision.checks[key]!.tie) tie = true;
  return { status: decision.status, tie, queued: queued.length, queuedTies: queued.filter((c) => decision.checks[c.key]!.tie).length, rejected: decision.rejectedQuestions };
}

interface Class {
  outcome: Outcome;
  /** the positions of the rejected questions among the unit's questions */
  rejectedAt: number[];
  /** its first unit's tally, and how many units the class has */
  votes: string;
  units: number;
}

export interface AlikeOptions {
  /** called every `every` units decided (a page's read gives the event loop a turn) */
  each?: () => Promise<void>;
  every?: number;
  /** called once per class of alike units, with one unit's tally (the others' differ only in question
   *  ids) and how many units hold it; a unit decided on its own is a class of one */
  tallies?: (votes: string, units: number) => void;
}

/** Each unit's outcome. */
export async function decideAlike(study: DecideStudy, units: UnitInputs[], inputs: Decidable, { each, every = 2_000, tallies }: AlikeOptions = {}): Promise<Map<string, Outcome>> {
  const classes = new Map<string, Class>();
  const out = new Map<string, Outcome>();
  const shapes = new WeakMap<UnitQuestion, string>();
  let decided = 0;
  for (const u of units) {
    const key = u.adjudications > 0 ? null : classKey(u, inputs, shapes);
    const known = key === null ? undefined : classes.get(key);
    if (known) {
      known.units++;
      out.set(u.unitId, known.rejectedAt.length ? { ...known.outcome, rejected: known.rejectedAt.map((i) => u.questionIds[i]!) } : known.outcome);
      continue;
    }
    if (each && ++decided % every === 0) await each();
    const { decision, checks } = decideInputs(study, u, inputs);
    const outcome = outcomeOf(study.n, u.responses, checks, decision);
    out.set(u.unitId, outcome);
    if (key !== null) classes.set(key, { outcome: { ...outcome, rejected: [] }, rejectedAt: outcome.rejected.map((id) => u.questionIds.indexOf(id)), votes: u.votes, units: 1 });
    else tallies?.(u.votes, 1);
  }
  if (tallies) for (const c of classes.values()) tallies(c.votes, c.units);
  return out;
}

// A character JSON text never holds unescaped, around each question's position: the tally's keys name
// its questions by id, and alike units name theirs by position.
const MARK = "\u0001";

function classKey(u: UnitInputs, { questions, llm }: Decidable, shapes: WeakMap<UnitQuestion, string>): string {
  let votes = u.votes;
  let key = `${u.responses}`;
  for (let i = 0; i < u.questionIds.length; i++) {
    const id = u.questionIds[i]!;
    if (votes.includes(id)) votes = votes.split(id).join(`${MARK}${i}${MARK}`);
    const q = questions.get(id);
    key += `${MARK}${q ? shapeOf(q, shapes) : "-"}${MARK}${llm ? String(llm[id]) : ""}`;
  }
  return `${key}${MARK}${votes}`;
}

// what of a question its checks are made from, apart from texts (checks.ts, answerKeyChecks)
function shapeOf(q: UnitQuestion, shapes: WeakMap<UnitQuestion, string>): string {
  let shape = shapes.get(q);
  if (shape === undefined) {
    shape = `${q.kind}/${q.options?.length ?? "none"}/${markedIndexes(q).join(",")}`;
    shapes.set(q, shape);
  }
  return shape;
}
