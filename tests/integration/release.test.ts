import { randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse as parseCsv } from "csv-parse/sync";
import { unzipSync } from "fflate";
import { parquetReadObjects, parquetSchema, parquetMetadata } from "hyparquet";
import { describe, expect, it, vi } from "vitest";
import { arrayBuffer, collect } from "@/tests/support/chunks";
import { parse as parseYaml } from "yaml";
import type { Actor } from "@/lib/auth/permissions";
import { neutralizeCell } from "@/lib/csv";
import { importDataset } from "@/lib/datasets/import";
import { setDatasetLicense } from "@/lib/datasets/license";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import type { Study } from "@/lib/designs";
import { studyRelease } from "@/lib/release/release";
import { adjudicate } from "@/lib/studies/adjudicate";
import { decidesUnits, decisionsCsv, decisionsParquet } from "@/lib/studies/export";
import { EXPORT_STREAMS } from "@/lib/studies/exports/streams";
import { studyResults } from "@/lib/studies/results";
import { reportText } from "@/lib/cli/report-text";
import { studyReport } from "@/lib/studies/report";
import { changeStudyState, createStudy, parseSpec } from "@/lib/studies/service";
import { readStudy } from "@/lib/studies/study";
import { createUser } from "@/lib/users/service";
import { HttpParticipant, joined } from "../support/participant-http";

// A finished answer-key validation over six hand-written generic items (five in the study's
// filter), answered by three participants through the participant API, one tie-free rejection by
// flag, two answer keys voted wrong (one adjudicated back to right), then every export: each
// Parquet file read back with hyparquet equals its CSV, and the release zip unpacked, its card's
// YAML parsed, its validated file, Parquet tables and errata checked against the plan.

const ITEMS = ["item-1", "item-2", "item-3", "item-4", "=item-5", "item-6"];
const ADJUDICATION = "Re-read the passage: the marked answer holds.";

function writeItems(): string {
  const lines = ITEMS.map((id, i) =>
    JSON.stringify({
      id,
      title: `Story ${i + 1}`,
      context: { type: "passage", paragraphs: [`Sam puts marble ${i + 1} in the box and leaves; Ana moves it.`] },
      questions: [{ kind: "single_choice", prompt: `Where will Sam look for marble ${i + 1}?`, options: ["box", "basket", "bag"], answer: 0, tags: { question_type: i === 5 ? "other" : "fb" } }],
    }),
  );
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "release-")), "items.jsonl");
  writeFileSync(file, lines.join("\n") + "\n");
  return file;
}

/** What participant p answers on the unit of record `index`: flag, marked answer correct, comment. */
function plan(index: number, p: number): { incoherent: "yes" | "no"; marked: "yes" | "no"; comment?: string } {
  const comment = p === 0 ? "=SUM(1+1) reads fine" : p === 1 ? "-3" : undefined;
  if (index === 1) return { incoherent: p < 2 ? "yes" : "no", marked: "yes", comment };
  if (index === 2 || index === 4) return { incoherent: "no", marked: p < 2 ? "no" : "yes", comment };
  return { incoherent: "no", marked: "yes", comment };
}

async function readParquet(bytes: Uint8Array): Promise<{ names: string[]; rows: Record<string, unknown>[] }> {
  const file = arrayBuffer(bytes);
  const names = parquetSchema(parquetMetadata(file)).children.map((c) => c.element.name);
  return { names, rows: await parquetReadObjects({ file }) };
}

/** A Parquet value as the CSV writes it: "" for null, ISO 8601 for timestamps, text neutralized. */
function asCsv(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (v instanceof Date) return v.toISOString();
  if (typeof v === "string") return neutralizeCell(v);
  return String(v);
}

/** Parquet rows equal CSV rows: same columns in the same order, same values after normalisation. */
async function expectSameTable(parquet: Uint8Array, csv: Buffer): Promise<{ rows: Record<string, unknown>[] }> {
  const table = parseCsv(csv.toString("utf8"), { columns: true }) as Record<string, string>[];
  const header = (parseCsv(csv.toString("utf8"), { to_line: 1 }) as string[][])[0]!;
  const { names, rows } = await readParquet(parquet);
  expect(names).toEqual(header);
  expect(rows.map((r) => Object.fromEntries(names.map((n) => [n, asCsv(r[n])])))).toEqual(table);
  return { rows };
}

async function setUp() {
  const owner = await createUser({ actorId: null, input: { email: `r-${randomUUID()}@x.test`, name: "R", role: "researcher", password: "0123456789ab" } });
  const actor = { id: owner.id, role: owner.role };
  const ds = await importDataset({ file: writeItems(), benchmark: "generic", ownerId: owner.id, asNewVersion: true });
  return { actor, ds };
}

async function finishedValidation(actor: Actor, datasetId: string): Promise<Study> {
  const spec = {
    dataset: datasetId, design: "validation", name: "Marbles: answer keys", unit: "question", n: 3, filter: { question_type: ["fb"] },
    config: { contextChecks: { flags: [{ key: "incoherent", label: "Incoherent" }], comment: true }, answerKey: true },
    completionCodes: { completed: "SECRET-CODE" },
  };
  const { id, code } = await createStudy({ actor, spec: parseSpec(spec) });
  await changeStudyState({ actor, studyId: id, to: "open" });
  const recordOf = new Map((await db().question.findMany({ where: { datasetId } })).map((q) => [q.id, q.recordIndex]));
  // someone opens the link and goes no further: not one of the participants the card counts
  await new HttpParticipant(code).enter({ PROLIFIC_PID: "LOOKED-ONLY" });
  for (let p = 0; p < 3; p++) {
    const person = await joined(code, { PROLIFIC_PID: `PID-${p}` });
    for (;;) {
      const next = await person.next();
      expect(next.status, next.text).toBe(200);
      if (next.body.status === "done") break;
      const unit = next.body.unit!;
      const a = plan(recordOf.get(unit.questions[0]!.id)!, p);
      const answers: Record<string, string> = {};
      for (const check of unit.checks) {
        answers[check.key] = check.key === "flag:incoherent" ? a.incoherent : check.key.endsWith(":broken") ? "no" : check.key.endsWith(":opt:0") ? a.marked : "yes";
      }
      const res = await person.submit(unit.assignmentId, { answers, ...(a.comment ? { comment: a.comment } : {}) });
      expect(res.status, res.text).toBe(201);
    }
  }
  // the researcher overrides the vote on record 2's marked answer: the key was right after all
  const question = await db().question.findFirstOrThrow({ where: { datasetId, recordIndex: 2 } });
  const unit = await db().studyUnit.findFirstOrThrow({ where: { studyId: id, questionId: question.id } });
  await adjudicate({ actor, studyId: id, input: { unitId: unit.id, check: `q:${question.id}:opt:0`, decision: "yes", reason: ADJUDICATION } });
  return (await readStudy(pool(), { id }))!;
}

describe("exports as Parquet and the release folder", () => {
  it("Parquet read back with hyparquet equals the CSV; the release zip holds the card, validated data, Parquet, errata and manifest", async () => {
    const { actor, ds } = await setUp();
    expect((await db().dataset.findUniqueOrThrow({ where: { id: ds.datasetId } })).license).toBe("unknown"); // generic: nothing known
    await setDatasetLicense({ actor, datasetId: ds.datasetId, license: "cc-by-4.0" });
    const study = await finishedValidation(actor, ds.datasetId);

    // raw responses: 5 units × 3 people × 5 items (flag, 3 options, broken)
    const responses = await expectSameTable(await collect(EXPORT_STREAMS["responses-parquet"](study)), await collect(EXPORT_STREAMS["responses-csv"](study)));
    expect(responses.rows).toHaveLength(75);
    const first = responses.rows.find((r) => r.rater && String(r.comment).startsWith("=SUM"))!;
    expect(first.comment).toBe("=SUM(1+1) reads fine"); // raw in Parquet (the CSV has '=SUM…)
    expect(first).toMatchObject({ external_source: "prolific", valid: true, stage: 1 });
    expect(first.submitted_at).toBeInstanceOf(Date);
    expect(typeof first.unit_ordinal).toBe("number");

    // unit decisions
    const results = await studyResults(study);
    expect(decidesUnits(results)).toBe(true);
    if (!decidesUnits(results)) return;
    const decisions = await expectSameTable(await collect(decisionsParquet(study, results)), await collect(decisionsCsv(study, results)));
    const bySource = new Map(decisions.rows.map((r) => [JSON.parse(String(r.source_ids))[0] as string, r]));
    expect([...bySource.keys()].sort()).toEqual(["=item-5", "item-1", "item-2", "item-3", "item-4"]);
    expect(bySource.get("item-2")).toMatchObject({ status: "reject", reasons: "flag:incoherent", reasons_text: "flagged Incoherent", answers: 3 });
    expect(bySource.get("=item-5")).toMatchObject({ status: "reject", reasons: "answer_key" });
    expect(bySource.get("item-3")!.status).toBe("keep");
    const adjudicated = Object.values(JSON.parse(String(bySource.get("item-3")!.checks)) as Record<string, { majority: string; adjudicated: string | null }>).find((c) => c.adjudicated);
    expect(adjudicated).toMatchObject({ majority: "no", adjudicated: "yes" });
    // `sally report` without --json: units by decision and agreement per check
    const text = reportText(await studyReport(study));
    expect(text).toMatch(/^Units: incomplete 0, keep \d+, reject \d+, needs review \d+$/m);
    expect(text).toMatch(/^Agreement per check\n {2}\S.* Fleiss κ (-?\d\.\d{3}|—) {2}α /m);

    // the release: its figures (card, manifest, errata) read in one snapshot; on the pool's own
    // connections only the dataset's description (fixed at import) is read
    const direct = vi.spyOn(pool(), "query");
    let outside: string[] = [];
    const release = await studyRelease(study).finally(() => {
      outside = direct.mock.calls.map((c) => { const q = c[0] as string | { text: string }; return typeof q === "string" ? q : q.text; }).filter((text) => !/^SELECT [^;]* FROM "public"\."Dataset" WHERE/.test(text));
      direct.mockRestore();
    });
    expect(outside).toEqual([]);
    expect(release.folder).toBe(`marbles-answer-keys-${study.publicCode}`);
    const files = unzipSync(await collect(release.chunks));
    const at = (name: string) => files[`${release.folder}/${name}`];
    expect(Object.keys(files).sort()).toEqual(
      ["README.md", "data/decisions.parquet", "data/responses.parquet", "data/validated.jsonl", "errata.csv", "manifest.json"].map((f) => `${release.folder}/${f}`),
    );

    // the card: YAML front matter as the Hub reads it, naming the licence and every data file
    const readme = Buffer.from(at("README.md")!).toString("utf8");
    const front = /^---\n([\s\S]*?)\n---\n/.exec(readme);
    expect(front).not.toBeNull();
    const meta = parseYaml(front![1]!) as { license: string; pretty_name: string; configs: { config_name: string; data_files: { split: string; path: string }[]; default?: boolean }[]; tags: string[] };
    expect(meta.license).toBe("cc-by-4.0");
    expect(meta.pretty_name).toContain("Marbles: answer keys");
    expect(meta.configs.map((c) => c.config_name)).toEqual(["validated", "decisions", "responses"]);
    expect(meta.configs[0]).toMatchObject({ default: true, data_files: [{ split: "test", path: "data/validated.jsonl" }] });
    for (const c of meta.configs) for (const f of c.data_files) expect(at(f.path), f.path).toBeDefined();
    for (const named of readme.matchAll(/`(data\/[^`]+)`/g)) expect(at(named[1]!), named[1]).toBeDefined();
    expect(readme).toContain("`data/decisions.parquet` holds the decision of each unit");
    expect(readme).toMatch(/filter the raw responses export \(format=responses-csv\) to one `check` \(e\.g\. [^)]+\)/);
    expect(readme).not.toContain("scored-responses export");
    expect(meta.tags).toEqual(expect.arrayContaining(["theory-of-mind", "generic", "human-annotation"]));
    expect(readme).toContain("## How items were validated");
    expect(readme).toMatch(/Answers per unit \(N\): 3/);
    expect(readme).toMatch(/\| Incoherent \| 5 \| 15 \|/); // agreement: the flag over 5 units, 15 ratings
    expect(readme).toContain("## Participants and the exclusion policy");
    expect(readme).toContain("No exclusion policy was declared.");
    const consented = [...readme.matchAll(/^\| (active|done|returned|screened_out|failed_qualification|failed_attention|excluded) \| (\d+) \|$/gm)].reduce((sum, m) => sum + Number(m[2]), 0);
    expect(consented).toBe(3);
    expect(readme).toContain("A further 1 opened the study link and did not consent");
    expect(readme).toContain("From 6 source records to 3 in the validated file: 3 removed, 1 answer-key decisions changed by adjudication.");
    expect(readme).toMatch(/\| not in the study: outside its filter or sample \| 1 \|/);

    // the validated file: the kept records, byte for byte as the source wrote them
    const source = (await db().sourceRecord.findMany({ where: { datasetId: ds.datasetId }, orderBy: { index: "asc" } })).map((r) => r.raw);
    expect(Buffer.from(at("data/validated.jsonl")!).toString("utf8")).toBe([source[0], source[2], source[3]].join("\n") + "\n");

    // the Parquet in the release: the same rows, platform worker ids left out
    const released = await readParquet(at("data/responses.parquet")!);
    expect(released.rows).toHaveLength(75);
    expect(released.names).not.toContain("external_id");
    expect(released.names).not.toContain("external_source");
    expect((await readParquet(at("data/decisions.parquet")!)).rows).toHaveLength(5);

    // errata: removed records with the reason in words, the adjudicated key, formula-safe
    const errata = parseCsv(Buffer.from(at("errata.csv")!).toString("utf8"), { columns: true }) as Record<string, string>[];
    expect(errata.map((e) => [e.source_id, e.record_index, e.change, e.reason])).toEqual([
      ["item-2", "1", "removed", "flagged Incoherent"],
      ["item-3", "2", "key_changed", `adjudicated: ${ADJUDICATION}`],
      ["'=item-5", "4", "removed", "answer key judged wrong"],
      ["item-6", "5", "removed", "not in the study: outside its filter or sample"],
    ]);
    expect(errata[1]!.details).toMatch(/votes no 2, yes 1 \(majority no\); decided yes: the key upheld against the vote$/);
    expect(errata[0]!.details).toMatch(/reject \(3 answers; flag:incoherent\)/);

    // the manifest: the study's figures, without what could be used on the platform
    const manifest = JSON.parse(Buffer.from(at("manifest.json")!).toString("utf8")) as { study: { settings: { completionCodes: unknown } }; counts: Record<string, unknown> };
    expect(manifest.study.settings.completionCodes).toBe("(left out of the release)");
    expect(JSON.stringify(manifest)).not.toContain("SECRET-CODE");
    expect(manifest.counts).toMatchObject({ sourceRecordsInScope: 5, sourceRecordsKept: 3 });
  });

  it("a human baseline: scored answers as Parquet equal the CSV, and its release carries the baseline figures and no validated file", async () => {
    const { actor, ds } = await setUp();
    const { id, code } = await createStudy({ actor, spec: parseSpec({ dataset: ds.datasetId, design: "baseline", name: "Marbles baseline", unit: "question", n: 1 }) });
    await changeStudyState({ actor, studyId: id, to: "open" });
    const person = await joined(code, { PROLIFIC_PID: "B-1" });
    let k = 0;
    for (;;) {
      const next = await person.next();
      if (next.body.status === "done") break;
      const q = next.body.unit!.questions[0]!;
      // right on every other question
      const res = await person.submit(next.body.unit!.assignmentId, { answers: { [q.id]: k++ % 2 === 0 ? 0 : 1 } });
      expect(res.status, res.text).toBe(201);
    }
    const study = (await readStudy(pool(), { id }))!;
    const scored = await expectSameTable(await collect(EXPORT_STREAMS["scored-parquet"](study)), await collect(EXPORT_STREAMS["scored-csv"](study)));
    expect(scored.rows).toHaveLength(6);
    expect(scored.rows.filter((r) => r.correct === true)).toHaveLength(3);
    expect(scored.rows[0]).toMatchObject({ stage: 1, valid: true, kind: "single_choice" });

    const release = await studyRelease(study);
    const files = unzipSync(await collect(release.chunks));
    expect(Object.keys(files).map((f) => f.slice(release.folder.length + 1)).sort()).toEqual(["README.md", "data/responses.parquet", "data/scored.parquet", "errata.csv", "manifest.json"]);
    const readme = Buffer.from(files[`${release.folder}/README.md`]!).toString("utf8");
    const meta = parseYaml(/^---\n([\s\S]*?)\n---\n/.exec(readme)![1]!) as { license: string; configs: { config_name: string }[]; tags: string[] };
    expect(meta).toMatchObject({ license: "unknown", configs: [{ config_name: "scored" }, { config_name: "responses" }] });
    expect(meta.tags).toContain("human-baseline");
    expect(readme).toContain("## Human baseline");
    expect(readme).toMatch(/\| single_choice \| 6 \| 3 \| 50\.0% \|/);
    expect(readme).toContain("This study's design does not decide which items to keep");
    // the card names only files the folder holds, and no votes or rule a baseline does not have
    for (const named of readme.matchAll(/`(data\/[^`]+)`/g)) expect(files[`${release.folder}/${named[1]}`], named[1]).toBeDefined();
    expect(readme).not.toMatch(/decisions\.parquet|flag:|the rule|agreement <file/);
    expect(readme).toContain("Human accuracy follows from the scored-responses export");
    expect(Buffer.from(files[`${release.folder}/errata.csv`]!).toString("utf8")).toBe("source_id,record_index,change,reason,details\n");
  });
});
