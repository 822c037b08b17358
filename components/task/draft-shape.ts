// What a stored draft must look like, checked by hand. localStorage is a boundary (another tab,
// an older version of the page, an extension may have written there), but zod on the task page
// costs a participant's phone 23–31 KB of gzipped JavaScript (docs/benchmarks.md), so this one
// small shape is checked without it. The server checks everything sent from a draft again.

export type StoredAnswer = string | number | string[] | null;

export interface Draft {
  v: 1;
  code: string;
  assignmentId: string;
  /** 8 to 100 characters: the server's rule */
  idempotencyKey: string;
  /** when the unit was first shown (ISO) */
  startedAt: string;
  /** active time accumulated so far */
  activeMs: number;
  /** check key or question id → answer (numbers typed so far are kept as text) */
  answers: Record<string, StoredAnswer>;
  comment: string;
  /** per-check comments (checklist) */
  comments: Record<string, string>;
  /** time spent on each question (ms) */
  times: Record<string, number>;
  signals: { pastes: number; focusLosses: number };
  /** the stage this draft answers (staged reveal); 1 otherwise */
  stage: number;
  /** set when Submit was pressed: the draft is then sent as it is (with durationMs) until acknowledged */
  pending: { durationMs: number; payload?: Record<string, unknown> } | null;
}

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;
const isString = (v: unknown): v is string => typeof v === "string";
const isAnswer = (v: unknown): v is StoredAnswer =>
  v === null || isString(v) || (typeof v === "number" && Number.isFinite(v)) || (Array.isArray(v) && v.every(isString));

/** A record whose every value passes `ok`; null when `v` is not one. */
function recordOf<T>(v: unknown, ok: (x: unknown) => x is T): Record<string, T> | null {
  if (!isObject(v)) return null;
  return Object.values(v).every(ok) ? (v as Record<string, T>) : null;
}

/** The draft, with the defaults older versions of the page did not store; null when it is not one. */
export function parseStoredDraft(value: unknown): Draft | null {
  if (!isObject(value) || value.v !== 1) return null;
  const { code, assignmentId, idempotencyKey, startedAt, activeMs, comment } = value;
  if (!isString(code) || !isString(assignmentId) || !isString(startedAt) || !isString(comment) || !isCount(activeMs)) return null;
  if (!isString(idempotencyKey) || idempotencyKey.length < 8 || idempotencyKey.length > 100) return null;
  const answers = recordOf(value.answers, isAnswer);
  const comments = value.comments === undefined ? {} : recordOf(value.comments, isString);
  const times = value.times === undefined ? {} : recordOf(value.times, (t): t is number => typeof t === "number" && t >= 0);
  if (!answers || !comments || !times) return null;
  const signals = value.signals === undefined ? { pastes: 0, focusLosses: 0 } : value.signals;
  if (!isObject(signals) || !isCount(signals.pastes) || !isCount(signals.focusLosses)) return null;
  const stage = value.stage === undefined ? 1 : value.stage;
  if (stage !== 1 && stage !== 2) return null;
  const pending = value.pending;
  if (pending !== null && !(isObject(pending) && isCount(pending.durationMs) && (pending.payload === undefined || isObject(pending.payload)))) return null;
  return {
    v: 1,
    code,
    assignmentId,
    idempotencyKey,
    startedAt,
    activeMs,
    answers,
    comment,
    comments,
    times,
    signals: { pastes: signals.pastes as number, focusLosses: signals.focusLosses as number },
    stage,
    pending: pending === null ? null : { durationMs: pending.durationMs as number, ...(pending.payload !== undefined ? { payload: pending.payload as Record<string, unknown> } : {}) },
  };
}
