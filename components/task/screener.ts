import type { ScreenerAnswer, ScreenerView } from "@/lib/participants/screener";

// The screener step's rules on the page: which familiarity questions a participant is asked
// (as the server decides it, from what they ticked or chose), what must be answered before
// sending, the body POST /screener takes, and which item a 422 names. Pure, so it is tested
// without a browser.

export type FamiliarityItem = ScreenerView["familiarity"][number];

/** What the participant has answered so far. */
export interface ScreenerDraft {
  /** "values": the options ticked */
  values: string[];
  /** "group": the index of the option chosen */
  option: number | null;
  /** familiarity item index → the option chosen */
  familiarity: Record<string, number>;
}

export const emptyScreenerDraft: ScreenerDraft = { values: [], option: null, familiarity: {} };

/** The key of the checklist or the single choice, for errors and focus. */
export const CHOICE_KEY = "choice";
export const familiarityKey = (index: number) => `familiarity.${index}`;

/** Membership per value (a reader of *that* book) rather than one group for the whole study. */
function perValue(view: ScreenerView): boolean {
  return view.choice === "values" || view.current.values.length > 0 || view.familiarity.some((f) => f.appliesTo !== null);
}

/**
 * The familiarity questions to show. With a checklist: those on a ticked value, and the general
 * ones once anything is ticked. With one choice: all of them once a choice is made (the page
 * does not know which option names the members; the server asks only members and ignores the
 * rest). Without a choice: those on the membership the link gave.
 */
export function shownItems(view: ScreenerView, draft: ScreenerDraft): FamiliarityItem[] {
  if (view.choice === "group") return draft.option === null ? [] : view.familiarity;
  const values = view.choice === "values" ? draft.values : view.current.values;
  if (!perValue(view)) return view.current.group === view.memberGroup ? view.familiarity : [];
  return view.familiarity.filter((f) => (f.appliesTo === null ? values.length > 0 : values.includes(f.appliesTo)));
}

/** The shown items the server will surely ask (with one choice it may not: see shownItems). */
function requiredItems(view: ScreenerView, draft: ScreenerDraft): FamiliarityItem[] {
  return view.choice === "group" ? [] : shownItems(view, draft);
}

/** catalog keys (components/task/translate.ts) */
export interface ScreenerMessages {
  choose: string;
  answer: string;
}

/** What is missing before sending, by item key; empty when the answers may be sent. */
export function screenerProblems(view: ScreenerView, draft: ScreenerDraft, messages: ScreenerMessages): Record<string, string> {
  const problems: Record<string, string> = {};
  if (view.choice === "group" && draft.option === null) problems[CHOICE_KEY] = messages.choose;
  for (const item of requiredItems(view, draft)) {
    if (draft.familiarity[String(item.index)] === undefined) problems[familiarityKey(item.index)] = messages.answer;
  }
  return problems;
}

/** The body of POST /api/s/<code>/screener: only the shown questions' answers. */
export function screenerAnswer(view: ScreenerView, draft: ScreenerDraft): ScreenerAnswer {
  const familiarity: Record<string, number> = {};
  for (const item of shownItems(view, draft)) {
    const chosen = draft.familiarity[String(item.index)];
    if (chosen !== undefined) familiarity[String(item.index)] = chosen;
  }
  if (view.choice === "values") return { values: view.options.filter((o) => draft.values.includes(o.value)).map((o) => o.value), familiarity };
  if (view.choice === "group" && draft.option !== null) return { option: draft.option, familiarity };
  return { familiarity };
}

/**
 * A 422's invalid_params as item keys: `familiarity.<i>` names that question; `values` and
 * `option` (and their elements) name the choice. Anything else is left to the form-level message.
 */
export function screenerFieldErrors(params: readonly { name: string; reason?: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { name } of params) {
    const familiarity = /^familiarity\.(\d{1,2})$/.exec(name);
    const key = familiarity ? familiarityKey(Number(familiarity[1])) : /^(values|option)(\.|$)/.test(name) ? CHOICE_KEY : null;
    // the server's reason is English and its own wording: the item says its answer was refused
    if (key && !(key in errors)) errors[key] = "errors.answerRefused";
  }
  return errors;
}
