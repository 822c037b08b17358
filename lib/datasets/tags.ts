import { parse } from "csv-parse/sync";
import { z } from "zod";
import { audit } from "@/lib/audit";
import { withTransaction } from "@/lib/db/tx";
import { AppError } from "@/lib/http/errors";

// Researchers tag questions after import: qualification and gold pools, subsets such as
// CharToM-QA's "indirect" questions. A CSV `questionId,tag,value`; the tags join the question's
// own (they show in filters, reports and exports; the source export stays the file as imported).
// All or nothing: a row naming a question of another dataset refuses the whole file.

const row = z.object({
  questionId: z.uuid(),
  tag: z.string().trim().regex(/^[A-Za-z_][\w.:-]{0,99}$/, "a tag name: letters, digits, _ . : -"),
  value: z.string().trim().max(1000),
});

/** A cell's value: true/false and numbers as such, an empty cell as null, anything else as text. */
function typed(value: string): string | number | boolean | null {
  if (value === "") return null;
  if (value === "true" || value === "false") return value === "true";
  return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
}

export async function tagQuestions(opts: { datasetId: string; csv: string; actorId: string | null }): Promise<{ questions: number; tags: string[] }> {
  let records: Record<string, string>[];
  try {
    records = parse(opts.csv, { columns: (h: string[]) => h.map((c) => c.trim()), skip_empty_lines: true, bom: true, trim: true });
  } catch (err) {
    throw new AppError("invalid_input", `The tags file is not valid CSV: ${(err as Error).message}`);
  }
  const problems: { name: string; reason: string }[] = [];
  const rows = records.flatMap((r, i) => {
    const parsed = row.safeParse(r);
    if (parsed.success) return [parsed.data];
    problems.push(...parsed.error.issues.map((e) => ({ name: `line ${i + 2}.${e.path.join(".")}`, reason: e.message })));
    return [];
  });
  if (records.length === 0) problems.push({ name: "file", reason: "no rows: the header is questionId,tag,value" });
  if (problems.length) throw new AppError("invalid_input", "The tags file has invalid rows; nothing was changed.", { invalidParams: problems.slice(0, 50) });
  const patches = new Map<string, Record<string, unknown>>();
  for (const r of rows) patches.set(r.questionId, { ...(patches.get(r.questionId) ?? {}), [r.tag]: typed(r.value) });
  return withTransaction(async (client) => {
    const { rowCount } = await client.query(
      `UPDATE "Question" q SET tags = q.tags || x.patch
       FROM jsonb_to_recordset($2::jsonb) AS x(id uuid, patch jsonb) WHERE q.id = x.id AND q."datasetId" = $1`,
      [opts.datasetId, JSON.stringify([...patches.entries()].map(([id, patch]) => ({ id, patch })))],
    );
    if ((rowCount ?? 0) !== patches.size) {
      throw new AppError("invalid_input", `${patches.size - (rowCount ?? 0)} question id(s) are not questions of this dataset; nothing was changed.`);
    }
    const tags = [...new Set(rows.map((r) => r.tag))].sort();
    await audit(client, { actorId: opts.actorId, action: "dataset.tag", targetType: "dataset", targetId: opts.datasetId, after: { questions: patches.size, tags } });
    return { questions: patches.size, tags };
  });
}
