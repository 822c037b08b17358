import { slugKey } from "@/lib/designs/form-kit";
import { checklistConfigSchema, DIAMONDS_CHECKLISTS, type AnswerType } from "@/lib/designs/checklist/config";

// The checklist section's draft: checklists of criteria as the researcher edits them (keys that
// follow titles and prompts until edited, stable ids), and its mapping to and from the config.
// Pure, so it is unit-tested.

export type CommentAsked = "required" | "optional" | "none";
export type TiePolicy = "needs_review" | "keep" | "reject";

export interface CriterionDraft {
  id: string;
  key: string;
  prompt: string;
  answer: AnswerType;
  comment: CommentAsked;
  help: string;
  keyEdited: boolean;
}

export interface ChecklistDraft {
  id: string;
  key: string;
  title: string;
  keyEdited: boolean;
  criteria: CriterionDraft[];
}

export interface ChecklistFormDraft {
  /** the next free number for a new checklist or criterion id */
  seq: number;
  checklists: ChecklistDraft[];
  comment: boolean;
  /** source-record fields shown as the benchmark's reasoning, comma-separated */
  reasoningFields: string;
  tiePolicy: TiePolicy;
}

type ChecklistInput = { key: string; title: string; criteria: readonly { key: string; prompt: string; answer?: AnswerType; comment?: CommentAsked; help?: string }[] };

function drafts(checklists: readonly ChecklistInput[], seq: number): { checklists: ChecklistDraft[]; seq: number } {
  let next = seq;
  const out = checklists.map((c) => ({
    id: `checklist-${next++}`,
    key: c.key,
    title: c.title,
    keyEdited: true,
    criteria: c.criteria.map((cr) => ({ id: `criterion-${next++}`, key: cr.key, prompt: cr.prompt, answer: cr.answer ?? "yes_no", comment: cr.comment ?? "optional", help: cr.help ?? "", keyEdited: true })),
  }));
  return { checklists: out, seq: next };
}

/** DIAMONDs' two checklists (the design's default), or a stored config's. */
export function emptyChecklistDraft(): ChecklistFormDraft {
  const { checklists, seq } = drafts(DIAMONDS_CHECKLISTS, 0);
  return { seq, checklists, comment: true, reasoningFields: "solution_gpt, solution_claude", tiePolicy: "needs_review" };
}

export function checklistDraftFrom(config: unknown): ChecklistFormDraft {
  const parsed = checklistConfigSchema.safeParse(config);
  if (!parsed.success) return emptyChecklistDraft();
  const c = parsed.data;
  const { checklists, seq } = drafts(c.checklists, 0);
  return { seq, checklists, comment: c.comment, reasoningFields: c.reasoningFields.join(", "), tiePolicy: c.rule.tiePolicy };
}

/** The DIAMONDs preset replaces the checklists, keeping the rest. */
export function withDiamondsChecklists(d: ChecklistFormDraft): ChecklistFormDraft {
  const { checklists, seq } = drafts(DIAMONDS_CHECKLISTS, d.seq);
  return { ...d, checklists, seq };
}

export function blankCriterion(id: string): CriterionDraft {
  return { id, key: "", prompt: "", answer: "yes_no", comment: "optional", help: "", keyEdited: false };
}

export function blankChecklist(id: string, criterionId: string): ChecklistDraft {
  return { id, key: "", title: "", keyEdited: false, criteria: [blankCriterion(criterionId)] };
}

/** Title and prompt edits move the key along until the key itself is edited. */
export function retitle(c: ChecklistDraft, title: string): ChecklistDraft {
  return { ...c, title, key: c.keyEdited ? c.key : slugKey(title) };
}

export function reprompt(c: CriterionDraft, prompt: string): CriterionDraft {
  return { ...c, prompt, key: c.keyEdited ? c.key : slugKey(prompt) };
}

const optional = (text: string) => (text.trim() === "" ? undefined : text.trim());

export function checklistConfigOf(d: ChecklistFormDraft) {
  return {
    checklists: d.checklists.map((c) => ({
      key: c.key.trim(),
      title: c.title.trim(),
      criteria: c.criteria.map((cr) => ({ key: cr.key.trim(), prompt: cr.prompt.trim(), answer: cr.answer, comment: cr.comment, help: optional(cr.help) })),
    })),
    comment: d.comment,
    reasoningFields: d.reasoningFields.split(/[,\n]/).map((f) => f.trim()).filter(Boolean),
    rule: { tiePolicy: d.tiePolicy },
  };
}

const NAMES: Record<string, string> = {
  "config.checklists": "Checklists",
  "config.reasoningFields": "Reasoning fields",
  "config.rule.tiePolicy": "Tie policy",
};

export function checklistFieldName(name: string): string | null {
  if (NAMES[name]) return NAMES[name]!;
  const criterion = /^config\.checklists\.(\d+)\.criteria\.(\d+)\.(\w+)$/.exec(name);
  if (criterion) return `Checklist ${Number(criterion[1]) + 1}, criterion ${Number(criterion[2]) + 1} ${criterion[3]}`;
  const criteria = /^config\.checklists\.(\d+)\.criteria$/.exec(name);
  if (criteria) return `Checklist ${Number(criteria[1]) + 1} criteria`;
  const checklist = /^config\.checklists\.(\d+)\.(\w+)$/.exec(name);
  if (checklist) return `Checklist ${Number(checklist[1]) + 1} ${checklist[2]}`;
  return null;
}

export function checklistReason(name: string): string | null {
  if (name === "config.checklists") return "Give between 1 and 10 checklists.";
  if (/\.criteria$/.test(name)) return "Give between 1 and 30 criteria.";
  if (/\.prompt$/.test(name)) return "Write the criterion.";
  if (/\.title$/.test(name)) return "Give the checklist a title.";
  if (/\.key$/.test(name)) return "Enter a key (lower-case letters, digits and _).";
  return null;
}
