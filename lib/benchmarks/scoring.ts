import type { ReportComparison, ReportQuestion, ReportTable } from "@/lib/benchmarks/report";

// The contract between a benchmark and the human-baseline results: how one answer is scored,
// what the benchmark calls a question's type, how a model's raw text is read, and the paper's
// own summary figures. The same functions score participants and imported model predictions,
// so "human vs model" compares like with like. Each benchmark folder exports one of these as
// `scoring`; lib/benchmarks/registry.ts hands it out by benchmark name (scoringOf). Every rule
// follows the benchmark's official evaluation code. Where Sally departs from it, the scorer says
// so in its code: FANToM's embedding similarity (token F1 stands in; also in the summary notes)
// and raw-text forms the official script cannot read at all (parse() reads a bare letter or an
// option's text where the official extraction finds nothing and would count the answer wrong).

/** A question as scoring sees it: the stored question plus its id. */
export interface ScoringQuestion extends ReportQuestion {
  id: string;
}

/** Where the answers were given: the context view (FANToM short/full, CharToM c0/c2000, ...). */
export interface ScoringContext {
  /** the view the respondent read, or null when the study did not choose one (the context's default view) */
  view: string | null;
}

export interface AnswerScore {
  /** null: not machine-scored (free text judged by people); never counted as wrong */
  correct: boolean | null;
  /** the answer as the scorer read it, for the scored-responses CSV (e.g. "b", "Alice|Bob", "unanswerable", "1250"); "" when unreadable */
  normalized: string;
  /** a graded score in [0, 1] where the benchmark has one (token F1 for FANToM FactQ / BeliefQ[dist.]) */
  graded?: number | null;
}

/** One scored answer of one respondent (a participant, or a model by name). */
export interface ScoredItem {
  question: ScoringQuestion;
  respondent: string;
  /** the answer in the participant shape (a model's raw text after parse()) */
  answer: unknown;
  score: AnswerScore;
  /** the participant's group where the study has groups (CharToM-QA "read" / "not read") */
  group?: string;
  /** equal answers this item stands for (1 when absent): itemsRow() and answerCount() weigh by it */
  count?: number;
  /** the view this answer was given under, when it differs from the study's (CharToM-QA's staged
   *  c0 → c2000 windows); summarize() and counts() use it instead of ctx.view */
  view?: string | null;
}

export interface BenchmarkSummary {
  /** FANToM only: ALL and ALL* over question sets, per respondent and set */
  sets?: { all: number | null; allStar: number | null; n: number };
  /** the paper's tables (FANToM Table 1 layout, ToMATO's 15-cell grid + average, ...) */
  tables: ReportTable[];
  /** further named figures the benchmark reports (FANToM Y/N weighted F1, DIAMONDs answerability accuracy, ...) */
  figures: { key: string; label: string; value: number | null; n: number }[];
  /** differences the paper tests (CharToM-QA: read − not read per window; c2000 − c0 per group, paired) */
  comparisons?: ReportComparison[];
  notes: string[];
}

export interface BenchmarkScoring {
  /**
   * The byType key of a question: the benchmark's question type (FANToM "BeliefQ[choice]",
   * "AnswerabilityQ[list]", ...), else the question kind. null leaves the question out of byType.
   * Pass the context where the type depends on the view (FANToM's full context moves some
   * control-task questions into the main score, as eval_fantom.py does); without it the
   * benchmark's default view is assumed.
   */
  typeOf(question: ScoringQuestion, ctx?: ScoringContext): string | null;
  /** byType keys in the paper's order; keys not listed follow alphabetically */
  typeOrder: readonly string[];
  /**
   * Whether the official evaluator counts this question in this setting at all (FANToM drops
   * Y/N questions whose gold is "no:long" in the short-context setting). Left-out answers are
   * kept in the raw export but appear in no figure.
   */
  counts(question: ScoringQuestion, ctx: ScoringContext): boolean;
  /** One answer in the participant answer shape (lib/benchmarks/score.ts AnswerByKind). */
  score(question: ScoringQuestion, answer: unknown, ctx: ScoringContext): AnswerScore;
  /**
   * A model prediction as imported: raw text ("(a)", "A.", option text, "Alice and Bob", "No.",
   * "$1,250", "cannot be determined") or an already-shaped answer. Returns the answer in the
   * participant shape, or null when it cannot be read (then it is scored wrong, not skipped:
   * the caller scores it wrong without calling score(), as scorePrediction in
   * lib/benchmarks/prediction.ts does). A numeric prediction saying the question cannot be
   * answered comes back as "unanswerable" (which score() accepts), never as null, because a
   * numeric null passed to score() means "can't be determined".
   */
  parse(question: ScoringQuestion, raw: unknown): unknown | null;
  /** The benchmark's own summary over scored items (any respondents; per-respondent where the paper says so).
   *  Items the benchmark does not count in their view (counts() false) are left out. */
  summarize(items: readonly ScoredItem[], ctx: ScoringContext): BenchmarkSummary;
  /** summarize() looks at who answered (FANToM's sets per respondent, CharToM-QA's windows paired
   *  by respondent): the items it is given then carry their respondents; otherwise equal answers
   *  of different people may come as one item repeated (the dashboard aggregates in SQL) */
  perRespondent?: boolean;
  /** summarize() reads the answers themselves, not only their verdicts (DIAMONDs' answerability):
   *  otherwise answers with the same verdict on a question may come as one item with a `count` */
  summaryReadsAnswers?: boolean;
  /**
   * What typeOf(), counts() and summarize() read off a question, where that is less than all of it:
   * its kind and the tags named here (and of an answer only whether it is right). The dashboard then
   * counts answers per class of questions alike in these, in PostgreSQL, and gives summarize() one
   * item per class and verdict with its count, instead of one per question: at a million answers the
   * questions themselves were most of a report's time. The question such an item holds throws when
   * anything else is read (lib/benchmarks/classes.ts). Leave it out where a summary reads more (the
   * gold, the options, which question it is); never with perRespondent or summaryReadsAnswers.
   */
  summaryReads?: { tags: readonly string[] };
}

/**
 * The version of every benchmark's verdicts on model predictions as stored (ModelVerdict).
 * Bump it when a scorer's parse(), score() or counts() changes what it returns: stored verdicts
 * of another version are then ignored and reports score those predictions in code until they
 * are re-imported. tests/unit/scoring/scoring-version.test.ts pins the fixtures' verdicts to it.
 */
export const SCORING_VERSION = 1;
