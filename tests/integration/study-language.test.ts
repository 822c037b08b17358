import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GET as getStudyRoute } from "@/app/api/studies/[id]/route";
import { POST as createStudyRoute } from "@/app/api/studies/route";
import { specOf } from "@/components/studies/spec-of";
import type { StudySettings as FormStudy } from "@/components/studies/form-model";
import { createToken } from "@/lib/auth/tokens/service";
import { importDataset } from "@/lib/datasets/import";
import { pool } from "@/lib/db/pool";
import { resolveLocale } from "@/lib/i18n/locales";
import { readStudy, studyByCode } from "@/lib/studies/study";
import { createUser } from "@/lib/users/service";
import { call } from "../support/bearer";
import { fixture } from "../support/paths";

// The study's participant language through the create-study API (a script with a token), the
// stored study, the spec the console shows, and `sally study create --spec` reading that spec.

const owner = await createUser({ actorId: null, input: { email: `lang-${randomUUID()}@x.test`, name: "r", role: "researcher", password: "0123456789ab" } });
const token = (await createToken({ actor: { id: owner.id, role: owner.role }, input: { name: "script", expiresInDays: null } })).secret;
const { datasetId } = await importDataset({ file: fixture("tomato/valid.json"), benchmark: "auto", ownerId: owner.id, name: "lang tomato", asNewVersion: true });
const base = { name: "中文研究", datasetId, design: "baseline", unitType: "question", filter: {}, n: 1, config: {} };

type Created = { study: { id: string; code: string } };

function sally(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/sally.ts", ...args], { env: { ...process.env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("exit", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

describe("a study's participant language", () => {
  it("is English by default", async () => {
    const res = await call<Created>(createStudyRoute, { token, method: "POST", body: base });
    expect(res.status).toBe(201);
    expect((await readStudy(pool(), { id: res.body.study.id }))?.settings).toMatchObject({ language: "en", allowLanguageSwitch: false });
  });

  it("is created as Chinese over the API, stored, and decides the participant pages' language", async () => {
    const res = await call<Created>(createStudyRoute, { token, method: "POST", body: { ...base, language: "zh", allowLanguageSwitch: true } });
    expect(res.status).toBe(201);
    const stored = await readStudy(pool(), { id: res.body.study.id });
    expect(stored?.settings).toMatchObject({ language: "zh", allowLanguageSwitch: true });

    const found = await studyByCode(pool(), res.body.study.code, { fresh: true });
    expect(resolveLocale(found!.study.settings, undefined)).toBe("zh");
    expect(resolveLocale(found!.study.settings, "en")).toBe("en");
  });

  it("survives the spec round trip: the spec the console shows, read back by `sally study create --spec`", async () => {
    const created = await call<Created>(createStudyRoute, { token, method: "POST", body: { ...base, language: "zh" } });
    const got = await call<{ study: FormStudy }>(getStudyRoute, { token, params: { id: created.body.study.id } });
    expect(got.status).toBe(200);
    const spec = specOf(got.body.study);
    expect(spec).toMatchObject({ language: "zh", allowLanguageSwitch: false });

    const file = path.join(os.tmpdir(), `spec-${randomUUID()}.json`);
    await writeFile(file, JSON.stringify(spec));
    const r = await sally("study", "create", "--spec", file, "--owner", owner.email, "--json");
    expect(r.code, r.stderr).toBe(0);
    const { studyId } = JSON.parse(r.stdout.trim().split("\n").at(-1)!) as { studyId: string };
    expect((await readStudy(pool(), { id: studyId }))?.settings.language).toBe("zh");
  });

  it("refuses a language Sally has no pages in (422 naming the field)", async () => {
    const res = await call<{ code: string; invalid_params: { name: string }[] }>(createStudyRoute, { token, method: "POST", body: { ...base, language: "fr" } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("invalid_input");
    expect(res.body.invalid_params.map((p) => p.name)).toContain("language");
  });

  it("refuses a switch setting that is not a boolean", async () => {
    const res = await call(createStudyRoute, { token, method: "POST", body: { ...base, allowLanguageSwitch: "yes" } });
    expect(res.status).toBe(422);
  });
});
