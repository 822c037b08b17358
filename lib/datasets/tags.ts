import { parse } from "csv-parse/sync";
import { z } from "zod";
import { audit } from "@/lib/audit";
import { withTransaction } from "@/lib/db/tx";
import { AppError } from "@/lib/errors";

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

/** A refused row, as the console's problems table shows it: row number (0-based), line, column. */
export interface TagIssue {
  record: number | null;
  line?: number;
  path: string;
  message: string;
}

/** How many problems a refusal lists (the total is said beside them). */
const MAX_ISSUES = 50;

function refuse(message: string, issues: TagIssue[]): AppError {
  return new AppError("invalid_input", message, {
    // invalid_params for API clients that read the standard field; issues for the console's table
    invalidParams: issues.slice(0, MAX_ISSUES).map((i) => ({ name: i.line ? `line ${i.line}${i.path ? `.${i.path}` : ""}` : i.path || "file", reason: i.message })),
    extra: { issues: issues.slice(0, MAX_ISSUES), total: issues.length },
  });
}

export async function tagQuestions(opts: { datasetId: string; csv: string; actorId: string | null }): Promise<{ questions: number; rows: number; tags: string[] }> {
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(opts.csv, { columns: (h: string[]) => h.map((c) => c.trim()), skip_empty_lines: true, bom: true, trim: true, info: true });
  } catch (err) {
    throw new AppError("invalid_input", `The tags file is not valid CSV: ${(err as Error).message}`);
  }
  const issues: TagIssue[] = [];
  const rows = records.flatMap(({ record, info }, i) => {
    const parsed = row.safeParse(record);
    if (parsed.success) return [{ ...parsed.data, index: i, line: info.lines }];
    issues.push(...parsed.error.issues.map((e) => ({ record: i, line: info.lines, path: e.path.join("."), message: e.message })));
    return [];
  });
  if (records.length === 0) issues.push({ record: null, path: "", message: "no rows: the header is questionId,tag,value" });
  if (issues.length) throw refuse("The tags file has invalid rows; nothing was changed.", issues);
  const patches = new Map<string, Record<string, unknown>>();
  for (const r of rows) patches.set(r.questionId, { ...(patches.get(r.questionId) ?? {}), [r.tag]: typed(r.value) });
  return withTransaction(async (client) => {
    const ids = [...patches.keys()];
    const known = await client.query<{ id: string }>(`SELECT id FROM "Question" WHERE "datasetId" = $1 AND id = ANY($2::uuid[])`, [opts.datasetId, ids]);
    const ours = new Set(known.rows.map((r) => r.id));
    const unknown = rows.filter((r) => !ours.has(r.questionId));
    if (unknown.length) {
      const count = new Set(unknown.map((r) => r.questionId)).size;
      throw refuse(
        `${count} question id(s) are not questions of this dataset; nothing was changed.`,
        unknown.map((r) => ({ record: r.index, line: r.line, path: "questionId", message: `${r.questionId} is not a question of this dataset` })),
      );
    }
    const { rowCount } = await client.query(
      `UPDATE "Question" q SET tags = q.tags || x.patch
       FROM jsonb_to_recordset($2::jsonb) AS x(id uuid, patch jsonb) WHERE q.id = x.id AND q."datasetId" = $1`,
      [opts.datasetId, JSON.stringify([...patches.entries()].map(([id, patch]) => ({ id, patch })))],
    );
    // a question deleted since the check above (its dataset's new version replaced it)
    if ((rowCount ?? 0) !== patches.size) throw new AppError("conflict", "Some questions changed while tagging; nothing was changed. Try again.");
    const tags = [...new Set(rows.map((r) => r.tag))].sort();
    await audit(client, { actorId: opts.actorId, action: "dataset.tag", targetType: "dataset", targetId: opts.datasetId, after: { questions: patches.size, tags } });
    return { questions: patches.size, rows: rows.length, tags };
  });
}
