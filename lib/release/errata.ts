import { emptyCounts, type ErrataCounts, type ErrataRow } from "@/lib/datasets/errata";
import type { Queryable } from "@/lib/db/queryable";
import { streamBatches } from "@/lib/db/stream";
import type { DesignResults, Study, VoteUnit } from "@/lib/designs";

// The errata between a source dataset and a study's validated export: every source record the
// export leaves out, with the reason in words from the design's decisions on the units covering it
// (records no unit covered are out of the study's scope), and every answer-key check where a
// researcher's adjudication overrode the vote. Removed rows stream from a cursor over the source
// records; what is held in memory is per unit of the study, as the study's results already are.

export interface Selection {
  kept: number[];
  inScope: number;
}

export interface ReleaseErrata {
  counts: ErrataCounts;
  /** removed records by reason (in words) */
  removedByReason: Record<string, number>;
  sourceRecords: number;
  kept: number;
  rows(): AsyncGenerator<ErrataRow[]>;
}

export const OUT_OF_SCOPE = "not in the study: outside its filter or sample";

// checks about a question's answer key; "broken" is about the question, not its key
const KEY_CHECK = (kind: string | undefined, questionId: string | undefined) => Boolean(questionId) && kind !== "broken";

interface Covered {
  recordIndex: number;
  sourceId: string;
  questionId: string;
  position: number;
  unitId: string;
}

/** `client`: the read the results were computed in, so the adjudications are the ones they saw. */
export async function releaseErrata(client: Queryable, study: Study, results: DesignResults, selection: Selection | null): Promise<ReleaseErrata> {
  const [{ rows: covered }, { rows: total }, { rows: adjudications }] = await Promise.all([
    client.query<Covered>(
      `SELECT q."recordIndex", q."sourceId", q.id AS "questionId", q.position, u.id AS "unitId"
       FROM "StudyUnit" u CROSS JOIN LATERAL unnest(u."questionIds") AS w(qid) JOIN "Question" q ON q.id = w.qid
       WHERE u."studyId" = $1 ORDER BY q."recordIndex", q.position`,
      [study.id],
    ),
    client.query<{ n: number }>(`SELECT "sourceRecords" AS n FROM "Dataset" WHERE id = $1`, [study.datasetId]),
    client.query<{ unitId: string; check: string; reason: string }>(
      `SELECT DISTINCT ON ("unitId", "check") "unitId", "check", reason FROM "Adjudication" WHERE "studyId" = $1 ORDER BY "unitId", "check", "createdAt" DESC, id DESC`,
      [study.id],
    ),
  ]);
  const units = new Map((results.units ?? []).map((u) => [u.unitId, u]));
  const byRecord = new Map<number, Covered[]>();
  for (const c of covered) {
    const list = byRecord.get(c.recordIndex);
    if (list) list.push(c);
    else byRecord.set(c.recordIndex, [c]);
  }

  const counts = emptyCounts();
  const removedByReason: Record<string, number> = {};
  // without a selection the design keeps every record: nothing is removed
  const kept = new Set(selection ? selection.kept : []);
  const removedInScope = new Map<number, ErrataRow>();
  if (selection) {
    for (const [index, qs] of byRecord) {
      if (kept.has(index)) continue;
      const { reason, details } = whyRemoved(qs, units, results.reasonLabels ?? {});
      removedInScope.set(index, { sourceId: qs[0]!.sourceId, recordIndex: index, change: "removed", reason, details });
      removedByReason[reason] = (removedByReason[reason] ?? 0) + 1;
    }
    const outOfScope = total[0]!.n - byRecord.size;
    if (outOfScope > 0) removedByReason[OUT_OF_SCOPE] = outOfScope;
    counts.removed = removedInScope.size + Math.max(0, outOfScope);
  }
  const keyChanges = keyChanged(covered, units, new Map(adjudications.map((a) => [`${a.unitId}\n${a.check}`, a.reason])));
  counts.key_changed = keyChanges.length;

  async function* rows(): AsyncGenerator<ErrataRow[]> {
    let next = 0; // the next key change to hand on: they are sorted by record index
    const sql = `SELECT index, "sourceId" FROM "SourceRecord" WHERE "datasetId" = $1 ORDER BY index`;
    for await (const batch of streamBatches<{ index: number; sourceId: string }>(sql, [study.datasetId], 5000)) {
      const out: ErrataRow[] = [];
      for (const r of batch) {
        while (next < keyChanges.length && keyChanges[next]!.recordIndex <= r.index) out.push(keyChanges[next++]!);
        if (!selection || kept.has(r.index)) continue;
        out.push(removedInScope.get(r.index) ?? { sourceId: r.sourceId, recordIndex: r.index, change: "removed", reason: OUT_OF_SCOPE, details: "" });
      }
      yield out;
    }
    if (next < keyChanges.length) yield keyChanges.slice(next);
  }
  return { counts, removedByReason, sourceRecords: total[0]!.n, kept: selection ? selection.kept.length : total[0]!.n, rows };
}

/** Why the units covering a record left it out, in the design's words. */
function whyRemoved(qs: Covered[], units: Map<string, VoteUnit>, labels: Record<string, string>): { reason: string; details: string } {
  const reasons = new Set<string>();
  const details: string[] = [];
  for (const unitId of new Set(qs.map((q) => q.unitId))) {
    const unit = units.get(unitId);
    if (!unit) {
      reasons.add("not decided");
      continue;
    }
    const d = unit.decision;
    const mine = qs.filter((q) => q.unitId === unitId && d.rejectedQuestions.includes(q.questionId));
    const words =
      d.status === "incomplete"
        ? ["not decided: fewer answers than the study asks for"]
        : d.status === "needs_review"
          ? ["not decided: waiting for a researcher's review"]
          : d.status === "reject" || mine.length > 0
            ? d.reasons.map((r) => labels[r] ?? r)
            : [];
    if (!words.length) continue;
    words.forEach((w) => reasons.add(w));
    const title = unit.title ? ` "${unit.title}"` : "";
    const questions = mine.length ? `; questions judged invalid: ${mine.map((q) => q.position + 1).join(", ")}` : "";
    details.push(`unit ${unit.ordinal}${title}: ${d.status} (${unit.submitted} answers${d.reasons.length ? `; ${d.reasons.join(", ")}` : ""}${questions})`);
  }
  return { reason: reasons.size ? [...reasons].join("; ") : "left out by the study's rule", details: details.join(" | ") };
}

/** Answer-key checks where an adjudication decided otherwise than the vote, by record. */
function keyChanged(covered: Covered[], units: Map<string, VoteUnit>, reasons: Map<string, string>): ErrataRow[] {
  const question = new Map(covered.map((c) => [c.questionId, c]));
  const out: ErrataRow[] = [];
  for (const unit of units.values()) {
    for (const check of unit.checks) {
      const t = unit.decision.checks[check.key];
      if (!t || !KEY_CHECK(check.kind, check.questionId) || t.adjudicated === null || t.adjudicated === t.majority) continue;
      const q = question.get(check.questionId!);
      if (!q) continue;
      // most votes first, then by value: counts aggregated in SQL come in no set order
      const votes = Object.entries(t.counts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([v, n]) => `${v} ${n}`).join(", ");
      const subject = check.subject !== undefined ? ` on "${check.subject}"` : "";
      out.push({
        sourceId: q.sourceId,
        recordIndex: q.recordIndex,
        change: "key_changed",
        reason: `adjudicated: ${reasons.get(`${unit.unitId}\n${check.key}`) ?? "no reason recorded"}`,
        // every key check asks so that "yes" keeps the key (the marked answer correct, another option wrong, the reference correct)
        details: `question ${q.position + 1}, "${check.prompt}"${subject}: votes ${votes} (${t.tie ? "tied" : `majority ${t.majority}`}); decided ${t.adjudicated}: ${t.adjudicated === "yes" ? "the key upheld against the vote" : "the key judged wrong against the vote"}`,
      });
    }
  }
  return out.sort((a, b) => a.recordIndex - b.recordIndex);
}
