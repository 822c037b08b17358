import type { Queryable } from "@/lib/db/queryable";
import type { Study } from "@/lib/designs/types";
import type { UnitQuestion } from "@/lib/designs/validation/checks";
import type { ValidationConfig } from "@/lib/designs/validation/config";
import { judgement } from "@/lib/designs/validation/judgement";

// What a unit's decision needs besides its votes, read the same way by the results (results.ts) and the
// kept decisions (decision-store.ts).

/** What the answer-key checks show of the questions of the study's units, or of some of them (none
 *  without an answer key): read from the units' question lists, not by sending the question ids back
 *  (50,000 at a million answers). A join, not `IN`: PostgreSQL then estimates as many ids as units and
 *  hashes the dataset's questions when the units are many (50,000: 0.1 s against 0.15 s for as many
 *  index lookups); a question two units share comes twice, once in the map. */
export async function readCheckQuestions(client: Queryable, study: Pick<Study<ValidationConfig>, "id" | "datasetId" | "config">, unitIds?: string[]): Promise<Map<string, UnitQuestion>> {
  if (!study.config.answerKey) return new Map();
  const { rows } = await client.query<UnitQuestion>(
    `SELECT q.id, q.kind, q.prompt, q.options, q.gold
     FROM "Question" q JOIN (SELECT unnest(u."questionIds") AS id FROM "StudyUnit" u WHERE u."studyId" = $1 AND ($2::uuid[] IS NULL OR u.id = ANY($2::uuid[]))) s ON s.id = q.id
     WHERE q."datasetId" = $3`,
    [study.id, unitIds ?? null, study.datasetId],
  );
  return new Map(rows.map((q) => [q.id, q]));
}

/** The LLM judge's verdict per question (only with an LLM judge): valid, invalid, or nothing given.
 *  A question predicted in several views takes the last view's. */
export async function readLlmJudgements(client: Queryable, study: Pick<Study<ValidationConfig>, "datasetId" | "config">): Promise<Record<string, boolean | null> | undefined> {
  const model = study.config.rule.llmJudge?.model ?? null;
  if (!model) return undefined;
  const { rows } = await client.query<{ questionId: string; answer: unknown }>(
    `SELECT m."questionId", m.answer FROM "ModelPrediction" m JOIN "Question" q ON q.id = m."questionId"
     WHERE q."datasetId" = $1 AND m.model = $2 ORDER BY m."questionId", m.view`,
    [study.datasetId, model],
  );
  return Object.fromEntries(rows.map((p) => [p.questionId, judgement(p.answer)]));
}
