import type { Queryable } from "@/lib/db/queryable";
import { counted, countedGroups } from "@/lib/designs/counted";
import type { QuestionCount } from "@/lib/designs/baseline/groups";
import type { AnswerRow } from "@/lib/designs/baseline/rows";

// Scored answers aggregated in PostgreSQL, so that accuracy tables never load every answer: one
// pass groups equal answers per question × stage × group (who gave them only where the benchmark's
// summary pairs by respondent, the answer itself only where the summary reads it), and the counts
// per question are summed from those groups; a second pass counts per participant.

export type AnswerGroup = AnswerRow & { count: number };

export interface GroupOptions {
  /** the summary pairs answers by respondent (FANToM's sets, CharToM-QA's windows) */
  perRespondent: boolean;
  /** the summary reads the answers, not only their verdicts (DIAMONDs' answerability) */
  answers: boolean;
  /** the study has participant groups (the assignment's group is read) */
  grouped: boolean;
  /** counted(): the not-counted assignments read in the statement's snapshot */
  notCounted?: readonly string[];
}

/** Every stage's scored answers that count, equal ones grouped (`count` of them). */
export async function readAnswerGroups(client: Queryable, studyId: string, opts: GroupOptions): Promise<AnswerGroup[]> {
  const who = opts.perRespondent ? [`s."participantId"`, `p.pseudonym`] : [];
  const keys = [`s."questionId"`, ...who, `s.stage`, ...(opts.grouped ? [`a."group"`] : []), `s.correct`, `s.graded`, ...(opts.answers ? [`s.normalized`] : [])];
  const { rows } = await client.query<AnswerGroup>(
    `SELECT s."questionId", ${opts.perRespondent ? who.join(", ") : `NULL::uuid AS "participantId", '' AS pseudonym`}, s.stage,
            ${opts.grouped ? `a."group"` : `NULL::text AS "group"`}, s.correct, s.graded, ${opts.answers ? "s.normalized" : "''::text AS normalized"},
            NULL::int AS ms, count(*)::int AS count
     FROM "ScoredAnswer" s
     ${opts.grouped ? `JOIN "Assignment" a ON a.id = s."assignmentId" AND a.status = 'submitted'` : ""}
     ${opts.perRespondent ? `JOIN "Participant" p ON p.id = s."participantId"` : ""}
     WHERE s."studyId" = $1 ${opts.grouped ? "" : `AND ${counted("s", "$1", opts.notCounted)}`}
     GROUP BY ${keys.join(", ")}
     -- respondents' answers in the order of their first answer; otherwise any fixed order (the summaries sort their rows)
     ORDER BY ${opts.perRespondent ? `min(s."responseId"::text || s."questionId"::text COLLATE "C")` : keys.map((_, i) => i + 1).join(", ")}`,
    [studyId],
  );
  return rows;
}

/** Answers per question × stage × group, summed from the answer groups. */
export function questionCounts(groups: readonly AnswerGroup[]): QuestionCount[] {
  const out = new Map<string, QuestionCount>();
  for (const g of groups) {
    const key = `${g.questionId}|${g.stage}|${g.group ?? ""}`;
    const c = out.get(key) ?? { questionId: g.questionId, stage: g.stage, group: g.group, n: 0, correct: 0, rows: 0 };
    if (g.correct !== null) c.n += g.count;
    if (g.correct === true) c.correct += g.count;
    c.rows += g.count;
    out.set(key, c);
  }
  return [...out.values()];
}

export interface ParticipantCount {
  participantId: string;
  pseudonym: string;
  n: number;
  correct: number;
}

/** Per participant at one stage (in no particular order: results order them as their responses). */
export async function readParticipantCounts(client: Queryable, studyId: string, stage: number, notCounted?: readonly string[]): Promise<ParticipantCount[]> {
  const { rows } = await client.query<ParticipantCount>(
    `SELECT x."participantId", p.pseudonym, x.n, x.correct
     FROM (${countedGroups("ScoredAnswer", ["participantId"], { n: "count(s.correct)", correct: "count(*) FILTER (WHERE s.correct)" }, `s."studyId" = $1 AND s.stage = $2`, notCounted)}) x
     JOIN "Participant" p ON p.id = x."participantId"`,
    [studyId, stage],
  );
  return rows;
}
