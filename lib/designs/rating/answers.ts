import type { Queryable } from "@/lib/db/queryable";

// The model answers being rated, as imported with `sally import-predictions`. A model may have
// answered one question in several context views; the rated one is the prediction without a
// view if there is one, else the first view by name (import differently named models to rate
// each view: "gpt-4o@c2000").

/** The text of an imported answer: a string, or an object's answer/response/text field, else its JSON. */
export function answerText(answer: unknown): string {
  if (typeof answer === "string") return answer;
  if (answer && typeof answer === "object" && !Array.isArray(answer)) {
    for (const k of ["answer", "response", "text", "output"]) {
      const v = (answer as Record<string, unknown>)[k];
      if (typeof v === "string") return v;
    }
  }
  return JSON.stringify(answer);
}

/** The rated answer per "questionId|model". */
export async function ratedAnswers(client: Queryable, pairs: { questionId: string; model: string }[]): Promise<Map<string, string>> {
  if (pairs.length === 0) return new Map();
  const { rows } = await client.query<{ questionId: string; model: string; answer: unknown }>(
    `SELECT DISTINCT ON (m."questionId", m.model) m."questionId", m.model, m.answer
     FROM unnest($1::uuid[], $2::text[]) AS p(q, model)
     JOIN "ModelPrediction" m ON m."questionId" = p.q AND m.model = p.model
     ORDER BY m."questionId", m.model, (m.view = '') DESC, m.view`,
    [pairs.map((p) => p.questionId), pairs.map((p) => p.model)],
  );
  return new Map(rows.map((r) => [`${r.questionId}|${r.model}`, answerText(r.answer)]));
}
