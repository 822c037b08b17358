import { parseStoredDraft, type Draft } from "@/components/task/draft-shape";

export type { Draft } from "@/components/task/draft-shape";

// Unsent answers live in localStorage, keyed by study and assignment, until the server has
// acknowledged them. The idempotency key is part of the draft, so a retry after a refresh
// reuses it and can never make a second response. Each stage of a staged unit has a draft
// (and key) of its own: the stage-1 draft never holds anything of stage 2.

const PREFIX = "sally:draft:";

/** The part of the Web Storage API drafts need (so tests can pass a Map-backed fake). */
export interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  readonly length: number;
  key(index: number): string | null;
}

export function draftKey(code: string, assignmentId: string, stage = 1): string {
  return `${PREFIX}${code}:${assignmentId}${stage > 1 ? `:s${stage}` : ""}`;
}

export function newDraft(code: string, assignmentId: string, now: Date, idempotencyKey: string, stage = 1): Draft {
  return {
    v: 1,
    code,
    assignmentId,
    idempotencyKey,
    startedAt: now.toISOString(),
    activeMs: 0,
    answers: {},
    comment: "",
    comments: {},
    times: {},
    signals: { pastes: 0, focusLosses: 0 },
    stage,
    pending: null,
  };
}

function parseDraft(raw: string | null): Draft | null {
  if (!raw) return null;
  return parseStoredDraft(safe(() => JSON.parse(raw) as unknown, null));
}

export function loadDraft(storage: DraftStorage | null, code: string, assignmentId: string, stage = 1): Draft | null {
  const d = parseDraft(safe(() => storage?.getItem(draftKey(code, assignmentId, stage)) ?? null, null));
  return d && d.code === code && d.assignmentId === assignmentId && d.stage === stage ? d : null;
}

/** false when the browser refused (storage full or disabled): the caller may warn. */
export function saveDraft(storage: DraftStorage | null, draft: Draft): boolean {
  if (!storage) return false;
  return safe(() => {
    storage.setItem(draftKey(draft.code, draft.assignmentId, draft.stage), JSON.stringify(draft));
    return true;
  }, false);
}

export function clearDraft(storage: DraftStorage | null, code: string, assignmentId: string, stage = 1): void {
  safe(() => storage?.removeItem(draftKey(code, assignmentId, stage)), undefined);
}

/** Every stored draft of one study. */
export function draftsOf(storage: DraftStorage | null, code: string): Draft[] {
  if (!storage) return [];
  const keys = safe(() => {
    const out: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const k = storage.key(i);
      if (k?.startsWith(`${PREFIX}${code}:`)) out.push(k);
    }
    return out;
  }, []);
  return keys.flatMap((k) => {
    const d = parseDraft(safe(() => storage.getItem(k), null));
    // a value stored under another draft's key is not trusted
    return d && d.code === code && draftKey(code, d.assignmentId, d.stage) === k ? [d] : [];
  });
}

/** The browser's localStorage, or null where it is unavailable (private mode, blocked). */
export function browserStorage(): DraftStorage | null {
  return safe(() => (typeof window === "undefined" ? null : window.localStorage), null);
}

/** A random v4 UUID; crypto.randomUUID is missing outside secure contexts. */
export function randomKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}
