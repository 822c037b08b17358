import { z } from "zod";
import { pool } from "@/lib/db/pool";
import { withTransaction } from "@/lib/db/tx";
import type { Study } from "@/lib/designs";
import type { Groups } from "@/lib/designs/settings";
import { AppError } from "@/lib/errors";

// The questions asked on entry, before any unit: the screener that places a participant in a
// group (a single choice for the whole study, or a checklist of tag values such as the books
// they have read completely), then the familiarity check (a few questions on a book that a
// reader should get right; whoever fails counts as a non-reader of it). The answers are
// recorded and can be given again until the first unit is leased, never after.

export interface ScreenerView {
  prompt: string | null;
  help: string | null;
  /** "values": tick every value you are a member for; "group": one choice; null: familiarity only */
  choice: "values" | "group" | null;
  options: { value: string; label: string }[];
  /** the group a familiarity check is for (names[0], e.g. readers) */
  memberGroup: string;
  /** never the answers; `appliesTo`: the ticked value it checks, or null for membership as such */
  familiarity: { index: number; appliesTo: string | null; prompt: string; options: string[] }[];
  /** the participant's membership so far (from the link or a list), when the screener does not set it */
  current: { group: string | null; values: string[] };
}

export function needsScreening(study: Pick<Study, "settings">): boolean {
  const g = study.settings.groups;
  return Boolean(g && (g.membership.from === "screener" || g.familiarity));
}

async function unitValues(studyId: string): Promise<string[]> {
  const { rows } = await pool().query<{ v: string }>(
    `SELECT DISTINCT "groupValue" AS v FROM "StudyUnit" WHERE "studyId" = $1 AND "groupValue" IS NOT NULL ORDER BY 1`,
    [studyId],
  );
  return rows.map((r) => r.v);
}

function choiceOf(g: Groups): ScreenerView["choice"] {
  if (g.membership.from !== "screener") return null;
  return "tag" in g.membership ? "values" : "group";
}

export async function screenerView(study: Study, participantId: string): Promise<ScreenerView> {
  const g = study.settings.groups!;
  const choice = choiceOf(g);
  const { rows } = await pool().query<{ group: string | null; groupValues: string[] }>(`SELECT "group", "groupValues" FROM "Participant" WHERE id = $1`, [participantId]);
  const options =
    choice === "values"
      ? (await unitValues(study.id)).map((v) => ({ value: v, label: v }))
      : choice === "group"
        ? (g.screener?.options ?? []).map((o, i) => ({ value: String(i), label: o.label }))
        : [];
  return {
    prompt: g.screener?.prompt ?? null,
    help: g.screener?.help ?? null,
    choice,
    options,
    memberGroup: g.names[0]!,
    familiarity: (g.familiarity?.items ?? []).map((item, index) => ({ index, appliesTo: item.tagValue ?? null, prompt: item.prompt, options: item.options })),
    current: { group: rows[0]?.group ?? null, values: rows[0]?.groupValues ?? [] },
  };
}

export const screenerAnswerSchema = z
  .object({
    /** values mode: the values ticked (none is an answer: a member of nothing) */
    values: z.array(z.string().min(1).max(500)).max(500).optional(),
    /** group mode: the index of the choice */
    option: z.number().int().min(0).max(50).optional(),
    /** familiarity item index → the option chosen */
    familiarity: z.record(z.string().regex(/^\d{1,2}$/), z.number().int().min(0).max(20)).default({}),
  })
  .strict();
export type ScreenerAnswer = z.infer<typeof screenerAnswerSchema>;

/** The membership the answers give, before the familiarity check. */
function claimed(g: Groups, answer: ScreenerAnswer, current: { group: string | null; groupValues: string[] }, known: string[]): { group: string | null; values: string[] } {
  const choice = choiceOf(g);
  if (choice === "values") {
    if (!answer.values) throw new AppError("invalid_input", "Tick what applies to you, or none.", { invalidParams: [{ name: "values", reason: "Tick what applies to you, or none." }] });
    const unknown = answer.values.filter((v) => !known.includes(v));
    if (unknown.length) {
      const message = `Not a choice of this screener: ${unknown.slice(0, 3).join(", ")}.`;
      throw new AppError("invalid_input", message, { invalidParams: [{ name: "values", reason: message }] });
    }
    return { group: null, values: [...new Set(answer.values)] };
  }
  if (choice === "group") {
    const option = answer.option === undefined ? undefined : g.screener?.options?.[answer.option];
    if (!option) throw new AppError("invalid_input", "Choose one of the answers.", { invalidParams: [{ name: "option", reason: "Choose one of the answers." }] });
    return { group: option.group, values: [] };
  }
  return { group: current.group, values: current.groupValues };
}

/** Familiarity: per value (per-item membership) or for membership as such, whether the member passes. */
function familiarityVerdict(g: Groups, answer: ScreenerAnswer, member: { group: string | null; values: string[] }) {
  const items = g.familiarity?.items ?? [];
  const perItem = "tag" in g.membership;
  const asked = items.flatMap((item, index) => {
    const applies = perItem ? (item.tagValue === undefined ? member.values.length > 0 : member.values.includes(item.tagValue)) : member.group === g.names[0];
    return applies ? [{ item, index }] : [];
  });
  const missing = asked.filter(({ index }) => answer.familiarity[String(index)] === undefined);
  if (missing.length) {
    // each unanswered question by name, so the page can mark it
    const invalidParams = missing.map(({ index }) => ({ name: `familiarity.${index}`, reason: "Answer this question." }));
    throw new AppError("invalid_input", `Answer every question (${missing.length} left).`, { invalidParams });
  }
  const right = (list: typeof asked) => {
    const correct = list.filter(({ item, index }) => answer.familiarity[String(index)] === item.answer).length;
    return list.length === 0 || correct / list.length >= (g.familiarity?.passThreshold ?? 1);
  };
  const general = asked.filter(({ item }) => item.tagValue === undefined);
  if (!perItem) {
    const fails = member.group === g.names[0] && !right(asked);
    return { group: fails ? g.names[1]! : member.group, values: [], failed: fails ? [member.group!] : [] };
  }
  const failed = member.values.filter((v) => !right([...general, ...asked.filter(({ item }) => item.tagValue === v)]));
  return { group: null, values: member.values.filter((v) => !failed.includes(v)), failed };
}

/** Records the screener's answers and the membership they give; refused once a unit was leased. */
export async function answerScreener(study: Study, participantId: string, answer: ScreenerAnswer): Promise<{ status: "active" | "screened_out" }> {
  const g = study.settings.groups;
  if (!g || !needsScreening(study)) throw new AppError("conflict", "This study asks no screener.");
  const known = choiceOf(g) === "values" ? await unitValues(study.id) : [];
  return withTransaction(async (client) => {
    const { rows } = await client.query<{ status: string; consented: boolean; group: string | null; groupValues: string[]; screener: { linkValues?: string[]; linkGroup?: string | null } | null; leased: boolean }>(
      `SELECT p.status::text, p."consentedAt" IS NOT NULL AS consented, p."group", p."groupValues", p.screener,
              EXISTS (SELECT 1 FROM "Assignment" a WHERE a."participantId" = p.id) AS leased
       FROM "Participant" p WHERE p.id = $1 AND p."studyId" = $2 FOR UPDATE`,
      [participantId, study.id],
    );
    const p = rows[0];
    if (!p) throw new AppError("unauthenticated", "Open the study through its link first.");
    if (!p.consented) throw new AppError("conflict", "Read the instructions and give consent first.", { extra: { reason: "consent_required" } });
    if (p.leased) throw new AppError("conflict", "Your screener answers are fixed once the first task starts.", { extra: { reason: "screener_locked" } });
    if (p.status !== "active") throw new AppError("conflict", "This session has ended.");
    // a second try starts from the membership the link gave, not from the first try's outcome
    const link = { group: p.screener ? (p.screener.linkGroup ?? null) : p.group, groupValues: p.screener ? (p.screener.linkValues ?? []) : p.groupValues };
    const member = claimed(g, answer, link, known);
    const verdict = familiarityVerdict(g, answer, member);
    const out = choiceOf(g) === "group" && verdict.group === null;
    await client.query(
      `UPDATE "Participant" SET screener = $2, "group" = $3, "groupValues" = $4, status = $5::"ParticipantStatus",
              "statusReason" = $6, "statusAt" = CASE WHEN $5 = 'active' THEN NULL ELSE now() END
       WHERE id = $1`,
      [
        participantId,
        JSON.stringify({ answeredAt: new Date().toISOString(), ...answer, claimed: member, familiarityFailed: verdict.failed, linkGroup: link.group, linkValues: link.groupValues }),
        verdict.group,
        verdict.values,
        out ? "screened_out" : "active",
        out ? "fits no group of this study" : null,
      ],
    );
    return { status: out ? "screened_out" : "active" };
  });
}
