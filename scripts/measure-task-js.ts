// `npm run measure:task-js -- [--json] [--budget-kb 120] [--port N]`
// The JavaScript a participant's browser loads on first opening the task page, as `npm start`
// serves it (production build, Sally's own web server, compression on). A fresh database gets
// two small studies from the repo's fixtures (validation of a ToMATO conversation; a baseline
// with every question kind); a consented participant opens each task page in Chromium with an
// empty cache. For every script: the bytes on the wire (Content-Encoding as served), the bytes
// once decoded, and the bytes gzip makes of them (level 6, as the server's gzip). The table,
// then one JSON line: {page, scripts, wireBytes, rawBytes, gzipBytes, budgetBytes, ok}, the
// larger of the two pages. Exits 1 when the gzip total is over the budget (120 KB).
import { gzipSync } from "node:zlib";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { importDataset } from "@/lib/datasets/import";
import { changeStudyState, createStudy, parseSpec } from "@/lib/studies/service";
import { createUser } from "@/lib/users/service";
import { consentedParticipant, prepareDatabase, serveApp } from "../tests/support/served-app";

const { values } = parseArgs({
  options: { json: { type: "boolean", default: false }, "budget-kb": { type: "string", default: "120" }, port: { type: "string" } },
});
const budgetBytes = Number(values["budget-kb"]) * 1024;
const ROOT = path.resolve(import.meta.dirname, "..");

async function studies(): Promise<{ name: string; code: string }[]> {
  const owner = await createUser({ actorId: null, input: { email: "measure@x.test", name: "Measure", role: "researcher", password: "measure-password-1" } });
  const actor = { id: owner.id, role: owner.role };
  const make = async (file: string, benchmark: "tomato" | "generic", spec: Record<string, unknown>) => {
    const ds = await importDataset({ file: path.join(ROOT, file), benchmark, ownerId: owner.id });
    const created = await createStudy({ actor, spec: parseSpec({ dataset: ds.datasetId, name: `measure ${benchmark}`, n: 1, ...spec }) });
    await changeStudyState({ actor, studyId: created.id, to: "open" });
    return created.code;
  };
  return [
    { name: "validation (ToMATO)", code: await make("tests/fixtures/tomato/valid.json", "tomato", { design: "validation", unit: "context", config: { contextChecks: { flags: [{ key: "incoherent", label: "Incoherent" }], comment: true } } }) },
    { name: "baseline (every kind)", code: await make("tests/fixtures/generic/baseline-kinds.jsonl", "generic", { design: "baseline", unit: "context" }) },
  ];
}

interface Script {
  file: string;
  encoding: string;
  wire: number;
  raw: number;
  gzip: number;
}

async function measure(baseURL: string, code: string, pid: string): Promise<Script[]> {
  const browser = await chromium.launch({
    executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [...(process.getuid?.() === 0 ? ["--no-sandbox"] : []), "--disable-background-networking", "--disable-gpu"],
  });
  try {
    const context = await browser.newContext();
    const host = new URL(baseURL).hostname;
    await context.addCookies((await consentedParticipant(baseURL, code, pid)).map((c) => ({ ...c, domain: host, path: "/" })));
    const page = await context.newPage();
    const pending: Promise<Script>[] = [];
    page.on("response", (res) => {
      if (res.request().resourceType() !== "script") return;
      pending.push(
        (async () => {
          const body = await res.body();
          const sizes = await res.request().sizes();
          return { file: new URL(res.url()).pathname, encoding: res.headers()["content-encoding"] ?? "none", wire: sizes.responseBodySize, raw: body.length, gzip: gzipSync(body, { level: 6 }).length };
        })(),
      );
    });
    await page.goto(`${baseURL}/s/${code}/task`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Submit" }).waitFor();
    await page.waitForLoadState("networkidle");
    return (await Promise.all(pending)).sort((a, b) => b.gzip - a.gzip);
  } finally {
    await browser.close();
  }
}

const kb = (n: number) => (n / 1024).toFixed(1);

async function main() {
  const db = await prepareDatabase();
  let app: Awaited<ReturnType<typeof serveApp>> | null = null;
  try {
    const pages = await studies();
    app = await serveApp({ databaseUrl: db.databaseUrl, port: values.port ? Number(values.port) : undefined });
    const results = [];
    for (const [i, p] of pages.entries()) {
      const scripts = await measure(app.baseURL, p.code, `measure-${i}`);
      const sum = (k: "wire" | "raw" | "gzip") => scripts.reduce((a, s) => a + s[k], 0);
      results.push({ page: p.name, scripts: scripts.length, wireBytes: sum("wire"), rawBytes: sum("raw"), gzipBytes: sum("gzip"), list: scripts });
    }
    if (!values.json) {
      for (const r of results) {
        console.log(`\n${r.page}: ${r.scripts} scripts`);
        console.log("| script | encoding | on the wire KB | decoded KB | gzip KB |");
        console.log("|---|---|---:|---:|---:|");
        for (const s of r.list) console.log(`| ${s.file} | ${s.encoding} | ${kb(s.wire)} | ${kb(s.raw)} | ${kb(s.gzip)} |`);
        console.log(`| **total** | | ${kb(r.wireBytes)} | ${kb(r.rawBytes)} | ${kb(r.gzipBytes)} |`);
      }
    }
    const worst = results.reduce((a, b) => (b.gzipBytes > a.gzipBytes ? b : a));
    const ok = worst.gzipBytes <= budgetBytes;
    console.log(JSON.stringify({ page: worst.page, scripts: worst.scripts, wireBytes: worst.wireBytes, rawBytes: worst.rawBytes, gzipBytes: worst.gzipBytes, budgetBytes, ok }));
    if (!ok) process.exitCode = 1;
  } finally {
    await app?.stop();
    await db.drop();
  }
}

await main();
