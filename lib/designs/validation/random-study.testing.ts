import { questionsByIds } from "@/lib/datasets/questions";
// eslint-disable-next-line no-restricted-imports -- test support: it writes a study before any read, never inside a transaction
import { pool } from "@/lib/db/pool";
import type { Study } from "@/lib/designs/types";
import { unitChecks } from "@/lib/designs/validation/checks";
import type { ValidationConfig } from "@/lib/designs/validation/config";
import { changeStudyState, createStudy, parseSpec } from "@/lib/studies/service";
import { readStudy } from "@/lib/studies/study";
import { addParticipants, answer, fate, pick, randomDataset, researcher, rng, shuffled } from "@/tests/support/random-study";

// A randomized validation study for the results equality tests (results-sql, decision-store).

const LABELS = [
  { key: "clear", label: "Clear" },
  { key: "vague", label: "Vague" },
  { key: "wrong", label: "Wrong", rejects: true },
];

/** A validation study (unit = question: two flags, a label, the answer key) answered at random. */
/** `unit`: a question (the default), or a context, whose kept decision may still reject its questions.
 *  `alike`: every answer gives each check its first option, so units with as many answers are alike
 *  (decide-alike.ts) and their tallies differ only in question ids. */
export async function randomValidationStudy(
  seed: number,
  opts: { participants: number; maxPerUnit: number; n: number; unit?: "question" | "context"; alike?: boolean },
): Promise<Study<ValidationConfig>> {
  const r = rng(seed);
  const { actor, ownerId } = await researcher();
  const datasetId = await randomDataset(ownerId, 40);
  const config = {
    contextChecks: { flags: [{ key: "odd", label: "Odd" }, { key: "unsafe", label: "Unsafe" }], comment: true },
    labelJudgement: { prompt: "Is the question clear?", labels: LABELS },
    answerKey: true,
    rule: { tiePolicy: pick(r, ["needs_review", "keep", "reject"] as const) },
  };
  const created = await createStudy({ actor, spec: parseSpec({ dataset: datasetId, design: "validation", name: `random ${seed}`, unit: opts.unit ?? "question", n: opts.n, config }) });
  await changeStudyState({ actor, studyId: created.id, to: "open" });
  const study = (await readStudy(pool(), { id: created.id })) as Study<ValidationConfig>;
  const people = await addParticipants(study.id, opts.participants);
  const { rows: units } = await pool().query<{ id: string; questionIds: string[] }>(`SELECT id, "questionIds" FROM "StudyUnit" WHERE "studyId" = $1 ORDER BY ordinal`, [study.id]);
  const questions = new Map((await questionsByIds(pool(), units.flatMap((u) => u.questionIds))).map((q) => [q.id, q]));
  const base = Date.parse("2026-01-05T09:00:00Z");
  const leasing = new Set<string>(); // one live lease per participant (a constraint)
  for (const unit of units) {
    const checks = unitChecks(study.config, unit.questionIds.map((id) => questions.get(id)!));
    // few answerers on some units (under N, or under 3: leave-one-out has too few others)
    const answerers = shuffled(r, people).slice(0, Math.floor(r() * (opts.maxPerUnit + 1)));
    for (const participantId of answerers) {
      const answers: Record<string, string> = {};
      // two options mostly, so ties come often; now and then a check left unanswered
      for (const c of checks) {
        if (opts.alike) answers[c.key] = c.options[0]!.value;
        else if (r() > 0.08) answers[c.key] = r() < 0.85 ? c.options[Math.floor(r() * 2) % c.options.length]!.value : pick(r, c.options).value;
      }
      let status = fate(r);
      if (status === "live" && leasing.has(participantId)) status = "expired";
      if (status === "live") leasing.add(participantId);
      await answer({ r, studyId: study.id, unitId: unit.id, participantId, status, payloads: [{ answers, ...(r() < 0.3 ? { comment: "hm" } : {}) }], base });
    }
    if (r() < 0.15) {
      const check = pick(r, checks);
      await pool().query(`INSERT INTO "Adjudication" (id, "studyId", "unitId", "check", decision, reason) VALUES (gen_random_uuid(), $1, $2, $3, $4, 'decided')`, [study.id, unit.id, check.key, pick(r, check.options).value]);
    }
  }
  return study;
}
