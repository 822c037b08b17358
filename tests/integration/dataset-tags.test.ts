import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as tagsRoute } from "@/app/api/datasets/[id]/tags/route";
import { createToken } from "@/lib/auth/tokens/service";
import { parse } from "csv-parse/sync";
import { exportDataset } from "@/lib/datasets/export";
import { importDataset } from "@/lib/datasets/import";
import { db } from "@/lib/db/client";
import type { TagIssue } from "@/lib/datasets/tags";
import { createUser } from "@/lib/users/service";
import { call } from "../support/bearer";
import { fixture } from "../support/paths";

// Tags from a CSV through the real route (what the dataset page's form sends): all or nothing,
// and a refusal names each bad row by its line, in `issues` (the console's table) and in
// invalid_params, whether a cell is malformed or the row names a question of another dataset.

const person = async () => createUser({ actorId: null, input: { email: `r-${randomUUID()}@x.test`, name: "R", role: "researcher", password: "0123456789ab" } });
const owner = await person();
const token = (await createToken({ actor: { id: owner.id, role: owner.role }, input: { name: "tags", expiresInDays: null } })).secret;
const mine = await importDataset({ file: fixture("tomato/valid.json"), benchmark: "auto", ownerId: owner.id, name: "mine", asNewVersion: true });
const theirs = await importDataset({ file: fixture("tomato/valid.json"), benchmark: "auto", ownerId: owner.id, name: "theirs", asNewVersion: true });
const questionsOf = (datasetId: string) => db().question.findMany({ where: { datasetId }, orderBy: [{ recordIndex: "asc" }, { position: "asc" }] });

interface Refusal {
  detail: string;
  issues: TagIssue[];
  total: number;
  invalid_params: { name: string; reason: string }[];
}

const post = (datasetId: string, csv: string) => call<Refusal & { questions: number; rows: number; tags: string[] }>(tagsRoute, { token, method: "POST", path: `/api/datasets/${datasetId}/tags`, params: { id: datasetId }, body: { csv } });

describe("tags from a CSV", () => {
  it("adds the tags, typed, and says how many rows, questions and which tags", async () => {
    const [a, b] = await questionsOf(mine.datasetId);
    const res = await post(mine.datasetId, `questionId,tag,value\n${a!.id},pool,gold\n${a!.id},hard,true\n${b!.id},pool,qualification\n`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ questions: 2, rows: 3, tags: ["hard", "pool"] });
    const after = await db().question.findUniqueOrThrow({ where: { id: a!.id } });
    expect(after.tags).toMatchObject({ pool: "gold", hard: true });
  });

  it("refuses invalid rows with their line numbers and changes nothing", async () => {
    const [a] = await questionsOf(mine.datasetId);
    const before = (await db().question.findUniqueOrThrow({ where: { id: a!.id } })).tags;
    const res = await post(mine.datasetId, `questionId,tag,value\n${a!.id},fine,1\nnot-an-id,pool,x\n${a!.id},"bad tag",y\n`);
    expect(res.status).toBe(422);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect(res.body.total).toBe(2);
    expect(res.body.issues.map((i) => [i.record, i.line, i.path])).toEqual([
      [1, 3, "questionId"],
      [2, 4, "tag"],
    ]);
    expect(res.body.invalid_params.map((p) => p.name)).toEqual(["line 3.questionId", "line 4.tag"]);
    expect((await db().question.findUniqueOrThrow({ where: { id: a!.id } })).tags).toEqual(before);
  });

  it("refuses rows naming another dataset's questions, each by its line, and changes nothing", async () => {
    const [a] = await questionsOf(mine.datasetId);
    const [x] = await questionsOf(theirs.datasetId);
    const res = await post(mine.datasetId, `questionId,tag,value\n${a!.id},subset,indirect\n${x!.id},subset,indirect\n`);
    expect(res.status).toBe(422);
    expect(res.body.detail).toMatch(/^1 question id\(s\) are not questions of this dataset/);
    expect(res.body.issues).toEqual([{ record: 1, line: 3, path: "questionId", message: `${x!.id} is not a question of this dataset` }]);
    expect((await db().question.findUniqueOrThrow({ where: { id: a!.id } })).tags).not.toHaveProperty("subset");
  });

  it("takes the ids the questions CSV export names: export, add a column, upload", async () => {
    let csv = "";
    for await (const chunk of (await exportDataset({ datasetId: mine.datasetId, format: "csv" })).chunks) csv += chunk;
    const exported = parse(csv, { columns: true }) as { questionId: string; sourceId: string }[];
    expect(exported.map((r) => r.questionId).sort()).toEqual((await questionsOf(mine.datasetId)).map((q) => q.id).sort());
    const res = await post(mine.datasetId, ["questionId,tag,value", ...exported.map((r) => `${r.questionId},from_export,yes`)].join("\n"));
    expect(res.status, res.text).toBe(200);
    expect(res.body.questions).toBe(exported.length);
  });

  it("refuses a file with a header only, and says what the header is", async () => {
    const res = await post(mine.datasetId, "questionId,tag,value\n");
    expect(res.status).toBe(422);
    expect(res.body.issues).toEqual([{ record: null, path: "", message: "no rows: the header is questionId,tag,value" }]);
  });
});
