import type { Queryable } from "@/lib/db/queryable";
import { readTotals, progressOf } from "@/lib/designs/read";
import type { ReadCtx, ResultsSummary } from "@/lib/designs/types";
import { addPattern, agreementOfPatterns, type CountPatterns } from "@/lib/designs/validation/agreement";
import type { ValidationConfig } from "@/lib/designs/validation/config";
import { keptRecords, readDecided, readDecidedCounts, startDecisions } from "@/lib/designs/validation/decision-store";
import { readRaters, validationNames } from "@/lib/designs/validation/results";

// What the overview and the results API show of a validation study under the majority rule, without
// deciding or loading every unit: the kept decisions (decision-store.ts), the units' tallies grouped by
// what they hold (at N = 20 a family's 50,000 count rows are a few dozen kinds), and the study's totals.
// The same figures as the results (resultsSummary of validationResults;
// decision-store.integration.test.ts compares them).

/** Count rows per family, grouped in PostgreSQL: a key's family as familyOfKey (agreement.ts) has it.
 *  The results count only the keys that are checks of their unit; every answered key is one (answers
 *  are validated against the unit's checks, and the config is locked once answers exist). */
async function readPatterns({ client, study }: ReadCtx<ValidationConfig>): Promise<CountPatterns> {
  const { rows } = await client.query<{ family: string; counts: Record<string, number>; items: number }>(
    `SELECT CASE WHEN c.key LIKE 'flag:%' OR c.key = 'label' THEN c.key ELSE 'answer_key' END AS family, c.value AS counts, count(*)::int AS items
     FROM "UnitTally" t CROSS JOIN LATERAL jsonb_each(t.votes) c
     WHERE t."studyId" = $1 GROUP BY 1, 2`,
    [study.id],
  );
  const patterns: CountPatterns = new Map();
  for (const r of rows) addPattern(patterns, r.family, r.counts, r.items);
  return patterns;
}

/** The counted answers: the units' tallies hold them (what counted() selects, kept by the same triggers). */
async function readCounted({ client, study }: ReadCtx<ValidationConfig>): Promise<number> {
  const { rows } = await client.query<{ n: number }>(`SELECT coalesce(sum(responses), 0)::int AS n FROM "UnitTally" WHERE "studyId" = $1`, [study.id]);
  return rows[0]!.n;
}

/** The summary, and the decisions it worked out, to keep; no summary when the agreement needs every
 *  rating (a family of exactly two raters: Cohen's κ), which only the results read. */
export async function validationSummary(
  ctx: ReadCtx<ValidationConfig>,
  opts: { keptRecords?: boolean } = {},
): Promise<{ summary: ResultsSummary | null; keptRecords?: number; after(client: Queryable): Promise<void> }> {
  if (ctx.aggregation === "dawid-skene") return { summary: null, after: async () => undefined };
  // the kept records need each unit's decision; the figures alone, only how many units have each
  const start = startDecisions(ctx);
  const decided = opts.keptRecords ? start.then((s) => readDecided(ctx, s)) : null;
  const reading = decided ?? start.then((s) => readDecidedCounts(ctx, s));
  const [raters, counted, totals, patterns] = await Promise.all([
    readRaters(ctx),
    reading,
    // a validation study has no stages: every answer is at stage 1
    readTotals(ctx.client, ctx.study, 1, { notCounted: ctx.notCounted, responses: readCounted(ctx) }),
    // when no decision is kept, every unit's tally is read to decide it: the count rows come from those
    start.then((s) => (s.early ? reading.then((d) => d.patterns ?? readPatterns(ctx)) : readPatterns(ctx))),
  ]);
  const after = (writer: Queryable) => counted.keep(writer);
  if ([...raters.values()].includes(2)) return { summary: null, after };
  const decisions = { incomplete: 0, keep: 0, reject: 0, needs_review: 0 };
  let queue = 0;
  for (const u of counted.units) {
    const times = "units" in u ? u.units : 1;
    decisions[u.status] += times;
    queue += u.queued * times;
  }
  const progress = progressOf(ctx.study.n, counted.units, totals);
  return {
    ...(decided ? { keptRecords: await keptRecords(ctx, await decided) } : {}),
    summary: {
      aggregation: { method: "majority", fits: [] },
      ...validationNames(ctx.study.config),
      progress,
      decisions,
      agreement: agreementOfPatterns(ctx.study.config, patterns, raters),
      tables: { units: progress.units, participants: progress.participants, queue },
    },
    after,
  };
}
