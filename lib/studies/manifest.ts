import { db } from "@/lib/db/client";
import { designOf, type DesignResults, type ReadCtx, type Study } from "@/lib/designs";
import { appVersion } from "@/lib/runtime/version";
import { atOneMoment } from "@/lib/studies/results";

// What a published dataset or figure came from: the study's settings and rule, the sample drawn,
// what was kept and dropped and why, the agreement figures and the report, the dataset's hash
// and the app version. Read in one snapshot (lib/db/snapshot.ts), so its counts, agreement, kept
// records and report all count the same answers, even while people submit.

type Selection = Awaited<ReturnType<NonNullable<ReturnType<typeof designOf>["validatedRecords"]>>>;

export function studyManifest(study: Study) {
  return atOneMoment(study, (ctx) => manifestAt(ctx));
}

/** The manifest in a read already open (a release's), from the results and kept records computed in it. */
export async function manifestAt(ctx: ReadCtx<unknown>, given?: { results: DesignResults; selection: Selection | null }) {
  const { client, study } = ctx;
  const design = designOf(study.design);
  const [results, dataset, strata] = await Promise.all([
    given?.results ?? design.results(ctx),
    db().dataset.findUniqueOrThrow({ where: { id: study.datasetId }, select: { id: true, name: true, benchmark: true, contentHash: true, sourceFileName: true, sourceRecords: true } }),
    client.query<{ stratum: Record<string, string>; units: number }>(
      `SELECT stratum, count(*)::int AS units FROM "StudyUnit" WHERE "studyId" = $1 AND stratum IS NOT NULL GROUP BY stratum ORDER BY stratum::text`,
      [study.id],
    ),
  ]);
  const [selection, report] = await Promise.all([given ? given.selection : (design.validatedRecords?.(ctx, results) ?? null), design.report(ctx, results)]);
  return {
    manifestVersion: 2,
    generatedAt: new Date().toISOString(),
    app: appVersion(),
    study: {
      id: study.id,
      name: study.name,
      design: study.design,
      state: study.state,
      unitType: study.unitType,
      filter: study.filter,
      n: study.n,
      maxUnitsPerParticipant: study.maxUnitsPerParticipant,
      leaseMinutes: study.leaseMinutes,
      entryMode: study.entryMode,
      config: study.config,
      settings: study.settings,
    },
    rule: (study.config as { rule?: unknown }).rule ?? null,
    sample: { sampling: study.settings.sampling, strata: strata.rows },
    dataset: { ...dataset, sha256: dataset.contentHash },
    counts: {
      units: results.progress.units,
      unitsByDecision: results.decisions ?? null,
      responses: results.progress.responses,
      participants: results.progress.participants,
      ...(selection
        ? { sourceRecordsInScope: selection.inScope, sourceRecordsKept: selection.kept.length, sourceRecordsDroppedByReason: selection.dropped }
        : {}),
    },
    agreement: results.agreement ?? null,
    design: design.manifest(study, results),
    report,
    recompute: recomputeText(results, design.scoresAnswers === true),
  };
}

/** How the study's figures follow from its exports: only the kinds of figure it has (a baseline
 *  has no votes to decide units by, and a validation study scores nothing). */
function recomputeText(results: DesignResults, scored: boolean): string {
  const first = results.agreement?.[0]?.check;
  return [
    "Every figure here follows from the study's exports.",
    results.agreement?.length
      ? `Agreement: filter the raw responses export (format=responses-csv) to one \`check\` (e.g. ${first}) and run ` +
        "`npm run -s sally -- agreement <file.csv> --labels <the check's labels, in order> --json` for κ, α and percent agreement " +
        "(the labels are in this manifest's settings; AC1 counts the labels no one chose too). On a scale, add the level the study's α " +
        "uses: `--level ordinal` for a criterion rated 1–5, `--level interval` for a rating's score."
      : "",
    results.decisions
      ? "Decisions are the plurality answer per study_unit and check, with ties handled by the study's rule (under design.rule) and adjudications (audit log) overriding."
      : "",
    scored ? "Human accuracy follows from the scored-responses export (format=scored-csv), scored by the benchmark's own rules." : "",
  ]
    .filter(Boolean)
    .join(" ");
}

/** The source records a study's rule keeps, for the validated export. */
export async function validatedSelection(study: Study): Promise<Selection | null> {
  const design = designOf(study.design);
  if (!design.validatedRecords) return null;
  return atOneMoment(study, async (ctx) => design.validatedRecords!(ctx, await design.results(ctx)));
}
