import type { z } from "zod";
import type { ContextView, QuestionKind } from "@/lib/benchmarks/types";
import type { StoredContext, StoredQuestion } from "@/lib/datasets/questions";
import type { TagFilter } from "@/lib/datasets/tag-filter";
import type { ScoreRow } from "@/lib/assignment/submit";
import type { Queryable } from "@/lib/db/queryable";
import type { StudySettings } from "@/lib/designs/settings";

// The design contract. A design is a folder, lib/designs/<kind>/, exporting one `Design`; the
// registry (lib/designs/index.ts) maps kinds to designs and nothing outside a design's folder
// imports from it. Everything a design does with the database goes through the client it is
// handed: inside a transaction that is the transaction's own, so a design can never wait on a
// second pool connection while holding one.

export const UNIT_TYPES = ["context", "question", "set", "answer"] as const;
/** context: a conversation or passage; question: one question; set: the selected questions of one
 *  source record (a FANToM set); answer: one model's answer to one question (rating). */
export type UnitType = (typeof UNIT_TYPES)[number];

export const ENTRY_MODES = ["link", "prolific", "mturk", "annotators"] as const;
export type EntryMode = (typeof ENTRY_MODES)[number];

export type StudyState = "draft" | "open" | "paused" | "closed";

/** A study row parsed once: its design's config and the shared settings typed. */
export interface Study<C = unknown> {
  id: string;
  publicCode: string;
  name: string;
  /** a key of the registry (lib/designs/index.ts) */
  design: string;
  datasetId: string;
  ownerId: string | null;
  unitType: UnitType;
  filter: TagFilter;
  n: number;
  maxUnitsPerParticipant: number | null;
  leaseMinutes: number;
  instructions: string;
  entryMode: EntryMode;
  config: C;
  settings: StudySettings;
  completionCode: string;
  completionUrl: string | null;
  state: StudyState;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A unit as designs see it. */
export interface Unit {
  id: string;
  ordinal: number;
  contextId: string;
  questionId: string | null;
  questionIds: string[];
  model: string | null;
  stratum: Record<string, string> | null;
}

/** What a design is handed to build a view or check an answer for one unit. */
export interface UnitCtx<C> {
  client: Queryable;
  study: Study<C>;
  unit: Unit;
  /** the participant's lease of the unit (seeds a per-participant option order); null outside a lease */
  assignmentId: string | null;
  /** 1, or 2 after the stage-1 answer is stored */
  stage: number;
  /** the unit's questions (gold included: for the server only), read with `client` on first use */
  questions(): Promise<StoredQuestion[]>;
  context(): Promise<StoredContext>;
  /** the participant's stored answer of the previous stage (stage 2 only) */
  previous: unknown;
}

/** A categorical item a participant answers: a validation check, a checklist criterion. */
export interface Check {
  key: string;
  /** what the check is for, in the design's words (e.g. "flag", "marked") */
  kind?: string;
  prompt: string;
  options: { value: string; label: string; description?: string }[];
  /** the question the check is about, when it is about one */
  questionId?: string;
  /** a heading for the text being checked ("Marked answer", "Option"), when there is one */
  subjectLabel?: string;
  /** the text being checked */
  subject?: string;
  help?: string;
  /** a comment is asked with this check: required or optional */
  comment?: "required" | "optional";
  /** answer-key rows: the index of the question's option this check is about (show it with that option) */
  optionIndex?: number;
  /** the heading the check is listed under (a checklist's title) */
  section?: string;
}

/** A question as a participant sees it: never gold, never a source id. */
export interface ViewQuestion {
  id: string;
  kind: QuestionKind;
  prompt: string;
  options: string[] | null;
  /** the participant answers it (baseline); false: it is shown so checks can refer to it */
  answer: boolean;
  /** option indexes marked as the answer key's (shown for verification) */
  marked?: number[];
  /** expert designs only: the reference answer and the benchmark's reasoning */
  reference?: string;
  reasoning?: string;
  /** numeric questions: whether "can't be determined" is offered */
  allowUnanswerable?: boolean;
  /** rating: the reference answer's bonus points */
  bonusPoints?: string[];
}

/** The design's part of what a participant receives for a unit (the envelope adds lease and progress). */
export interface UnitView {
  context: { views: Record<string, ContextView>; defaultView: string; layout: "tabs" | "side-by-side" };
  questions: ViewQuestion[];
  checks: Check[];
  commentAllowed: boolean;
  /** rating: the answer being rated (never who wrote it) and the scale */
  rating?: { answer: string; scale: { min: number; max: number; step: number }; penalties: string[] };
  /** rating: the answer being rated, as the participant API names it (the same text as rating.answer) */
  modelAnswer?: string;
  /** stage 2: what the participant answered at stage 1 */
  previous?: unknown;
  /** expert designs with showOthersAfterSubmit: other reviewers' answers (after this one's own) */
  others?: unknown[];
}

/** What validation keeps: the payload to store, and the scored answers it holds (human baselines). */
export interface Validated {
  payload: unknown;
  scores?: ScoreRow[];
}

/** A response as results and exports read it. */
export interface StoredResponse {
  id: string;
  unitId: string;
  participantId: string;
  pseudonym: string;
  group: string | null;
  stage: number;
  payload: unknown;
  revised: boolean | null;
  seconds: number | null;
  submittedAt: Date;
}

/** Read-only access for results, reports and exports. */
export interface ReadCtx<C> {
  client: Queryable;
  study: Study<C>;
  /** vote-based designs: how votes become labels on the dashboard (the declared rule stays the majority) */
  aggregation?: "majority" | "dawid-skene";
  /** the not-counted assignments holding answers, read in the snapshot `client` sees (lib/designs/counted.ts) */
  notCounted?: readonly string[];
  /** offered by a caller that reads in one snapshot: `write` keeps what the read worked out, and runs with
   *  a client of its own once the snapshot is over */
  later?(write: (client: Queryable) => Promise<void>): void;
}

/** The long-format CSV rows one response gives: one per answered item. */
export interface CsvItem {
  /** the item: a check key, a question id, "score" */
  item: string;
  label: string;
  comment?: string;
}

/** A categorical item people vote on (a validation check, a checklist criterion), as results show it. */
export interface VoteCheck {
  key: string;
  prompt: string;
  options: { value: string; label: string; description?: string }[];
  kind?: string;
  questionId?: string;
  questionPrompt?: string;
  subject?: string;
}

/** Votes on one check of one unit. */
export interface CheckTally {
  counts: Record<string, number>;
  votes: number;
  /** the answer with the most votes, or null when several share the most (a tie) */
  majority: string | null;
  tie: boolean;
  unanimous: boolean;
  adjudicated: string | null;
  /** what counts: the adjudication, else the majority; null when undecided */
  effective: string | null;
}

export type UnitStatus = "incomplete" | "keep" | "reject" | "needs_review";

export interface UnitDecision {
  status: UnitStatus;
  reasons: string[];
  checks: Record<string, CheckTally>;
  /** questions of the unit judged invalid */
  rejectedQuestions: string[];
  /** why each of them was (the check that decided: "answer_key", "broken", "llm_judge") */
  questionReasons?: Record<string, string>;
  label: string | null;
}

export interface VoteUnit {
  unitId: string;
  ordinal: number;
  title: string | null;
  submitted: number;
  live: number;
  checks: VoteCheck[];
  decision: UnitDecision;
}

export interface AgreementFigures {
  items: number;
  ratings: number;
  fleissKappa: number | null;
  krippendorffAlpha: number | null;
  percentAgreement: number | null;
  gwetAC1: number | null;
  notes: string[];
}

export interface AdjudicationItem {
  unitId: string;
  ordinal: number;
  title: string | null;
  check: string;
  prompt: string;
  counts: Record<string, number>;
  reason: "tie" | "disagreement";
}

/** What every design's results hold; vote-based designs (validation, checklist) add the optional parts. */
export interface DesignResults {
  /** units with all N valid answers, started, untouched */
  progress: { units: number; complete: number; inProgress: number; remaining: number; participants: number; responses: number; medianSecondsPerUnit: number | null };
  participants: { participantId: string; pseudonym: string; externalId: string | null; units: number; medianSeconds: number | null; agreementWithMajority?: number | null; agreementUnits?: number }[];
  decisions?: Record<UnitStatus, number>;
  agreement?: { check: string; label: string; figures: AgreementFigures }[];
  units?: VoteUnit[];
  queue?: AdjudicationItem[];
  /** how the units table heads its columns: unit-level checks, then one column for question-level items */
  voteColumns?: { key: string; label: string }[];
  itemColumn?: string | null;
  /** decision reasons in words (reason code → text) */
  reasonLabels?: Record<string, string>;
}

/** What the results API sends and the overview shows: the results without their per-unit and
 *  per-participant tables, and how long each table is (the rest of the results as they are). */
export type ResultsSummary = Omit<DesignResults, "units" | "participants" | "queue"> & {
  tables: { units?: number; participants: number; queue?: number };
} & Record<string, unknown>;

/** A design's units with their decisions' status, without the decisions (a units table a page at a time). */
export interface DecidedTable {
  units: { unitId: string; ordinal: number; title: string | null; submitted: number; live: number; status: UnitStatus; tie: boolean; queued: number; queuedTies: number }[];
  /** the full rows of some of them (a page) */
  rows(units: DecidedTable["units"]): Promise<VoteUnit[]>;
  names: Required<Pick<DesignResults, "voteColumns" | "itemColumn" | "reasonLabels">>;
  /** how many source records the validated dataset holds now (designs with validatedRecords) */
  keptRecords?(): Promise<number>;
  /** the adjudication queue's items from..from+size (its order: ties first, then by ordinal), and their units */
  queue(from: number, size: number): Promise<{ items: AdjudicationItem[]; units: VoteUnit[] }>;
}

/** How a vote-based design pools answered item keys into the families its agreement figures are
 *  computed over: keys listed in `own` are families of their own (a validation flag, the label
 *  judgement); any other key goes to `pooled` (the answer key's items), or counts nowhere when
 *  `pooled` is null. The labels are the agreement table's. */
export interface VoteFamilies {
  own: { key: string; label: string }[];
  pooled: { key: string; label: string } | null;
}

/** Every family a design reports agreement for: its own, then the pooled one. */
export function declaredFamilies(families: VoteFamilies): { key: string; label: string }[] {
  return [...families.own, ...(families.pooled ? [families.pooled] : [])];
}

/** A design's own per-participant figures, beside units done and median time. */
export interface ParticipantFigures {
  /** vote-based designs: agreement with the others' majority, and the units it rests on */
  agreementWithMajority?: number | null;
  agreementUnits?: number;
  /** baselines: scored answers at the final stage, those right, and their share */
  n?: number;
  correct?: number;
  accuracy?: number | null;
}

/** A file a design offers beside the common exports (format=<key> on the study export route). */
export interface DesignDownload {
  /** appended to the study's file name, e.g. "-ratings.csv" */
  suffix: string;
  contentType: string;
  chunks: AsyncIterable<string>;
}

/** One of a design's own files, as the study's exports list offers it and the export route serves it. */
export interface DesignExport<C = unknown> {
  label: string;
  detail: string;
  file(ctx: ReadCtx<C>): Promise<DesignDownload>;
}

/** What both the browser and the server know of a design: its name, config and unit rules (no server code). */
export interface DesignDescriptor<C = unknown> {
  kind: string;
  label: string;
  description: string;
  /** the config schema (zod) and its defaults */
  config: z.ZodType<C>;
  defaultConfig(): C;
  unitTypes: readonly UnitType[];
  defaultUnitType(config: C): UnitType;
  /** answers per unit when the researcher gives none */
  defaultN: number;
  /** entry modes the design allows (expert designs: accounts only) */
  entryModes: readonly EntryMode[];
  /** supports staged reveal (stages) and groups with quotas */
  stages: boolean;
  groups: boolean;
  /** the order units are handed out in when the spec does not say (default "fill") */
  defaultAssignmentOrder?: "fill" | "spread" | "random";
}

export interface Design<C = unknown, R extends DesignResults = DesignResults> extends DesignDescriptor<C> {
  /** questions the design takes from the dataset selection (e.g. only machine-scorable kinds) */
  selectsQuestion?(question: Pick<StoredQuestion, "kind" | "tags">, config: C): boolean;
  /** for "answer" units: the models whose answers are rated */
  models?(config: C): string[];
  /** what a participant receives for a unit at a stage: a whitelist, built with ctx.client */
  view(ctx: UnitCtx<C>): Promise<UnitView>;
  /** checks a payload against the unit (inside the caller's transaction); returns what is stored; throws 422 */
  validate(ctx: UnitCtx<C>, payload: unknown): Promise<Validated>;
  /** whether the design needs the unit's questions to validate (prefetched inside the submit's lock statement) */
  validateNeedsQuestions(study: Study<C>): boolean;
  /** gold, qualification and training items: whether a validated payload is right (null: cannot tell) */
  scoreItem(ctx: UnitCtx<C>, validated: Validated): Promise<boolean | null>;
  /** results for the dashboard */
  results(ctx: ReadCtx<C>): Promise<R>;
  /** the results' summary without the whole results (big designs); null when only the results can
   *  tell. `after` runs once the read's snapshot is over, with a client outside it (writing what the
   *  read worked out). With `keptRecords`, also how many source records the validated dataset holds;
   *  with `overview`, also what the design's overview shows beyond the results API's summary. */
  summary?(ctx: ReadCtx<C>, opts?: { keptRecords?: boolean; overview?: boolean }): Promise<{ summary: ResultsSummary | null; keptRecords?: number; after(client: Queryable): Promise<void> }>;
  /** the units and their decisions' status without the whole results (big designs), the same as the
   *  results' units; null when only the results can tell. `after` as for summary. */
  decided?(ctx: ReadCtx<C>): Promise<{ table: DecidedTable | null; after(client: Queryable): Promise<void> }>;
  /** per-participant figures for a page of participants, without the whole results (big designs) */
  participantFigures?(ctx: ReadCtx<C>, participantIds: string[]): Promise<Map<string, ParticipantFigures>>;
  /** `sally report --json` and the manifest's report */
  report(ctx: ReadCtx<C>, results: R): Promise<object>;
  /** the same report computed without the results (what the report does not print, such as the study's
   *  progress, is not computed): designs whose results are costly at scale */
  reportFigures?(ctx: ReadCtx<C>): Promise<{ responses: number; participants: number } & object>;
  /** the raw responses CSV: one row per answered item */
  csvItems(payload: unknown): CsvItem[];
  /** what the manifest says about the rule and the outcome */
  manifest(study: Study<C>, results: R): Record<string, unknown>;
  /** the checks a researcher may decide for a unit (designs with adjudication) */
  adjudicable?(ctx: UnitCtx<C>): Promise<Check[]>;
  /** the validated dataset: which source records survive (designs that decide on items) */
  validatedRecords?(ctx: ReadCtx<C>, results: R): Promise<{ kept: number[]; dropped: Record<string, number>; inScope: number }>;
  /** vote-based designs whose agreement is shown over time: how answered keys pool into families */
  voteFamilies?(config: C): VoteFamilies;
  /** whether validate returns scored answers, so submissions write ScoredAnswer rows (the scored-* exports) */
  scoresAnswers?: boolean;
  /** files only this design offers (rating: ratings-csv, correlations-csv), by export format */
  downloads?: Record<string, DesignExport<C>>;
}
