import { pool } from "@/lib/db/pool";
import type { Queryable } from "@/lib/db/queryable";
import { withTransaction } from "@/lib/db/tx";
import { designOf, type ReadCtx, type Study, type ValidationResults } from "@/lib/designs";
import { AppError } from "@/lib/errors";
import { excludeParticipant } from "@/lib/participants/exclusion";
import { policyVerdict } from "@/lib/participants/policy";
import { atOneMoment } from "@/lib/studies/results";
import { figuresOf } from "@/lib/studies/tables";

// Per-annotator quality: agreement with the others' majority, gold accuracy and failed attention
// checks, the Dawid–Skene confusion matrix, and the quality signals recorded with answers (too
// fast against the study's median, pastes, focus losses, free text that near-duplicates the
// prompt or someone else's answer). Signals, not verdicts: a researcher may exclude a participant
// with a reason (audited), and every exclusion re-applies the declared policy.

export interface QualityRow {
  participantId: string;
  pseudonym: string;
  externalId: string | null;
  status: string;
  statusReason: string | null;
  units: number;
  medianSeconds: number | null;
  /** median time under a third of the study's median, over 3 units or more */
  tooFast: boolean;
  agreementWithMajority: number | null;
  agreementUnits: number | null;
  goldAnswered: number;
  goldAccuracy: number | null;
  failedAttention: number;
  pastes: number;
  focusLosses: number;
  nearDuplicates: number;
  confusion: Record<string, { categories: string[]; matrix: number[][] }>;
}

const tokens = (text: string) => new Set(text.toLowerCase().normalize("NFKC").split(/[^\p{L}\p{N}]+/u).filter(Boolean));
function similar(a: Set<string>, b: Set<string>): boolean {
  if (a.size < 3 || b.size < 3) return false;
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared / (a.size + b.size - shared) >= 0.9;
}

/** Free-text answers (and comments) that near-duplicate the question's prompt or another participant's text on the same unit. */
async function nearDuplicates(client: Queryable, studyId: string): Promise<Map<string, number>> {
  const { rows } = await client.query<{ participantId: string; unitId: string; texts: string[]; prompts: string[] }>(
    `SELECT r."participantId", r."unitId",
            array(SELECT v FROM (SELECT jsonb_path_query(r.payload, 'strict $.** ? (@.type() == "string")') #>> '{}' AS v) s WHERE length(v) >= 15) AS texts,
            array(SELECT q.prompt FROM "StudyUnit" u JOIN "Question" q ON q.id = ANY(u."questionIds") WHERE u.id = r."unitId") AS prompts
     FROM "Response" r WHERE r."studyId" = $1`,
    [studyId],
  );
  const counts = new Map<string, number>();
  const byUnit = new Map<string, { participantId: string; set: Set<string> }[]>();
  for (const r of rows) for (const text of r.texts) byUnit.set(r.unitId, [...(byUnit.get(r.unitId) ?? []), { participantId: r.participantId, set: tokens(text) }]);
  for (const r of rows) {
    const prompts = r.prompts.map(tokens);
    for (const text of r.texts) {
      const set = tokens(text);
      const copiesPrompt = prompts.some((p) => similar(set, p));
      const copiesOther = (byUnit.get(r.unitId) ?? []).some((o) => o.participantId !== r.participantId && similar(set, o.set));
      if (copiesPrompt || copiesOther) counts.set(r.participantId, (counts.get(r.participantId) ?? 0) + 1);
    }
  }
  return counts;
}

type Quality = { rows: QualityRow[]; studyMedianSeconds: number | null };

/** Read in one snapshot (lib/db/snapshot.ts): a row's units, agreement and signals count the same
 *  answers, even while people submit. */
export function participantQuality(study: Study, aggregation: "majority" | "dawid-skene" = "dawid-skene"): Promise<Quality> {
  return atOneMoment(study, (ctx) => readQuality(ctx), { aggregation });
}

async function readQuality(ctx: ReadCtx<unknown>): Promise<Quality> {
  const { client, study } = ctx;
  const [results, facts, duplicates] = await Promise.all([
    designOf(study.design).results(ctx),
    client.query<{ participantId: string; pseudonym: string; externalId: string | null; status: string; statusReason: string | null; goldAnswered: number; goldCorrect: number; failedAttention: number; pastes: number; focusLosses: number }>(
      `SELECT p.id AS "participantId", p.pseudonym, p."externalId", p.status::text AS status, p."statusReason",
              (SELECT count(*)::int FROM "Probe" x WHERE x."participantId" = p.id AND x.phase = 'gold' AND x.correct IS NOT NULL) AS "goldAnswered",
              (SELECT count(*)::int FROM "Probe" x WHERE x."participantId" = p.id AND x.phase = 'gold' AND x.correct) AS "goldCorrect",
              (SELECT count(*)::int FROM "Probe" x WHERE x."participantId" = p.id AND x.phase = 'attention' AND x.correct = false) AS "failedAttention",
              coalesce((SELECT sum((r.signals->>'pastes')::int) FROM "Response" r WHERE r."participantId" = p.id), 0)::int AS pastes,
              coalesce((SELECT sum((r.signals->>'focusLosses')::int) FROM "Response" r WHERE r."participantId" = p.id), 0)::int AS "focusLosses"
       FROM "Participant" p
       -- who opened the link and never consented (or a link preview) took no part: nothing to judge
       WHERE p."studyId" = $1 AND p."consentedAt" IS NOT NULL ORDER BY p."createdAt"`,
      [study.id],
    ),
    nearDuplicates(client, study.id),
  ]);
  const byId = new Map(results.participants.map((p) => [p.participantId, p]));
  // agreement with the others' majority: the design's per-participant figures (SQL for validation)
  const agreement = await figuresOf(ctx, results.participants.map((p) => p.participantId));
  const studyMedian = results.progress.medianSecondsPerUnit;
  const fits = (results as Partial<ValidationResults>).aggregation?.fits ?? [];
  return {
    studyMedianSeconds: studyMedian,
    rows: facts.rows.map((f) => {
      const p = byId.get(f.participantId);
      const median = p?.medianSeconds ?? null;
      return {
        ...f,
        units: p?.units ?? 0,
        medianSeconds: median,
        tooFast: median !== null && studyMedian !== null && (p?.units ?? 0) >= 3 && median < studyMedian / 3,
        agreementWithMajority: agreement.get(f.participantId)?.agreementWithMajority ?? null,
        agreementUnits: agreement.get(f.participantId)?.agreementUnits ?? null,
        goldAccuracy: f.goldAnswered ? f.goldCorrect / f.goldAnswered : null,
        nearDuplicates: duplicates.get(f.participantId) ?? 0,
        confusion: Object.fromEntries(fits.flatMap((fit) => (fit.confusion[f.participantId] ? [[fit.family, fit.confusion[f.participantId]!]] : []))),
      };
    }),
  };
}

/** A researcher excludes a participant (answers voided, units reopened, audited), then the declared policy is applied to everyone again. */
export async function excludeByResearcher(opts: { study: Study; participantId: string; reason: string; actorId: string }): Promise<{ reopened: number; policyExcluded: number }> {
  return withTransaction(async (client) => {
    const { rows } = await client.query<{ status: string }>(`SELECT status::text FROM "Participant" WHERE id = $1 AND "studyId" = $2 FOR UPDATE`, [opts.participantId, opts.study.id]);
    if (!rows[0]) throw new AppError("not_found", "No such participant in this study.");
    if (rows[0].status === "excluded" || rows[0].status === "failed_attention") throw new AppError("conflict", "This participant is already excluded.");
    const { reopened } = await excludeParticipant(client, { studyId: opts.study.id, participantId: opts.participantId, status: "excluded", reason: opts.reason, actorId: opts.actorId, voidAnswers: true });
    return { reopened, policyExcluded: await reapplyPolicy(client, opts.study) };
  });
}

/** The declared policy, applied to every active participant (after an exclusion or a policy change). */
export async function reapplyPolicy(client: Parameters<typeof excludeParticipant>[0], study: Study): Promise<number> {
  if (!study.settings.exclusion) return 0;
  const { rows } = await client.query<{ id: string; failedAttention: number; goldAnswered: number; goldCorrect: number }>(
    `SELECT p.id,
            count(x.id) FILTER (WHERE x.phase = 'attention' AND x.correct = false)::int AS "failedAttention",
            count(x.id) FILTER (WHERE x.phase = 'gold' AND x.correct IS NOT NULL)::int AS "goldAnswered",
            count(x.id) FILTER (WHERE x.phase = 'gold' AND x.correct)::int AS "goldCorrect"
     FROM "Participant" p LEFT JOIN "Probe" x ON x."participantId" = p.id
     WHERE p."studyId" = $1 AND p.status = 'active' GROUP BY p.id`,
    [study.id],
  );
  let excluded = 0;
  for (const r of rows) {
    const verdict = policyVerdict(study.settings.exclusion, r);
    if (!verdict) continue;
    await excludeParticipant(client, { studyId: study.id, participantId: r.id, status: verdict.status, reason: verdict.reason, actorId: null, voidAnswers: true });
    excluded++;
  }
  return excluded;
}

/** Changes of the exclusion policy after the study first opened, from the audit log. */
export async function policyChanges(studyId: string): Promise<{ at: Date; before: unknown; after: unknown }[]> {
  const { rows } = await pool().query<{ at: Date; before: { settings?: { exclusion?: unknown } } | null; after: { settings?: { exclusion?: unknown } } | null }>(
    `SELECT e."createdAt" AS at, e.before, e.after FROM "AuditEvent" e
     WHERE e."targetType" = 'study' AND e."targetId" = $1 AND e.action = 'study.update' AND e.after->'settings' ? 'exclusion'
       AND e."createdAt" > (SELECT min(o."createdAt") FROM "AuditEvent" o WHERE o."targetType" = 'study' AND o."targetId" = $1 AND o.action = 'study.state' AND o.after->>'state' = 'open')
     ORDER BY e."createdAt"`,
    [studyId],
  );
  return rows.map((r) => ({ at: r.at, before: r.before?.settings?.exclusion ?? null, after: r.after?.settings?.exclusion ?? null }));
}
