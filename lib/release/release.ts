import { labelOf, isBenchmarkName } from "@/lib/benchmarks/registry";
import { errataCsv } from "@/lib/datasets/errata";
import { exportDataset } from "@/lib/datasets/export";
import { licenseNote } from "@/lib/datasets/license";
import { db } from "@/lib/db/client";
import { designOf, type Study } from "@/lib/designs";
import { datasetCard, type CardFile } from "@/lib/release/card";
import { releaseErrata } from "@/lib/release/errata";
import { publicManifest } from "@/lib/release/manifest";
import { zipStream, type ZipEntry } from "@/lib/release/zip";
import { decidesUnits, decisionsParquet, publicResponsesParquet, scoredParquet } from "@/lib/studies/export";
import { manifestAt } from "@/lib/studies/manifest";
import { atOneMoment } from "@/lib/studies/results";

// A study's release: a folder ready for the Hugging Face Hub, streamed as a zip. It holds the
// dataset card (README.md), the validated dataset in the benchmark's own format (designs that
// decide on items), the study's tables as Parquet, errata.csv and manifest.json. The figures are
// computed first, in one snapshot (lib/db/snapshot.ts), so the card, the manifest and the errata
// count the same answers (they are per unit, as the dashboard's are); every file then streams.

export interface Release {
  folder: string;
  filename: string;
  chunks: AsyncGenerator<Uint8Array>;
}

/** The folder's name: the study's, in plain characters, with its public code to keep it unique. */
export function releaseFolder(study: Pick<Study, "name" | "publicCode">): string {
  const name = study.name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${name || "study"}-${study.publicCode}`;
}

export async function studyRelease(study: Study): Promise<Release> {
  const design = designOf(study.design);
  const { results, selection, manifest, dataset, statuses, voided, scored, errata } = await atOneMoment(
    study,
    async (ctx) => {
      const { client } = ctx;
      const results = await design.results(ctx);
      const selection = design.validatedRecords ? await design.validatedRecords(ctx, results) : null;
      const [manifest, dataset, statuses, voided, scored, errata] = await Promise.all([
        manifestAt(ctx, { results, selection }),
        db().dataset.findUniqueOrThrow({ where: { id: study.datasetId } }),
        // who consented, by status; and apart, who opened the link and went no further (or a link preview did)
        client.query<{ status: string | null; n: number }>(
          `SELECT CASE WHEN "consentedAt" IS NULL THEN NULL ELSE status::text END AS status, count(*)::int AS n
           FROM "Participant" WHERE "studyId" = $1 GROUP BY 1 ORDER BY 1`,
          [study.id],
        ),
        client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Response" r JOIN "Assignment" a ON a.id = r."assignmentId" WHERE r."studyId" = $1 AND a.status <> 'submitted'`, [study.id]),
        client.query<{ any: boolean }>(`SELECT EXISTS (SELECT 1 FROM "ScoredAnswer" WHERE "studyId" = $1) AS any`, [study.id]),
        releaseErrata(client, study, results, selection),
      ]);
      return { results, selection, manifest, dataset, statuses, voided, scored, errata };
    },
  );
  const folder = releaseFolder(study);

  const files: (CardFile & { chunks: () => Promise<AsyncIterable<string | Uint8Array>>; deflate: boolean })[] = [];
  if (selection) {
    const validated = await exportDataset({ datasetId: study.datasetId, format: "source", recordIndexes: selection.kept });
    const extension = validated.filename.slice(validated.filename.lastIndexOf(".") + 1);
    files.push({ config: "validated", split: "test", path: `data/validated.${extension}`, description: `the kept items in the benchmark's own format (${extension})`, chunks: async () => validated.chunks, deflate: extension !== "parquet" });
  }
  if (decidesUnits(results)) {
    files.push({ config: "decisions", split: "train", path: "data/decisions.parquet", description: "one row per unit: the decision, its reasons, and per check the votes, majority and adjudication (JSON text)", chunks: async () => decisionsParquet(study, results), deflate: false });
  }
  if (scored.rows[0]!.any) {
    files.push({ config: "scored", split: "train", path: "data/scored.parquet", description: "one row per answered question: the answer as given and as the benchmark's scorer read it, and whether it is right", chunks: async () => scoredParquet(study), deflate: false });
  }
  files.push({ config: "responses", split: "train", path: "data/responses.parquet", description: "one row per response and answered item (unit, rater, label), valid or not; platform worker ids left out", chunks: async () => publicResponsesParquet(study), deflate: false });

  const card = datasetCard({
    generatedAt: manifest.generatedAt,
    app: `${manifest.app.version}${manifest.app.commit ? ` (${manifest.app.commit.slice(0, 12)})` : ""}`,
    study,
    designLabel: design.label,
    dataset: { ...dataset, benchmarkLabel: isBenchmarkName(dataset.benchmark) ? labelOf(dataset.benchmark) : dataset.benchmark },
    licenseNote: licenseNote(dataset),
    results,
    counts: manifest.counts,
    strata: manifest.sample.strata,
    files,
    exclusion: {
      participantsByStatus: Object.fromEntries(statuses.rows.flatMap((r) => (r.status === null ? [] : [[r.status, r.n]]))),
      notConsented: statuses.rows.find((r) => r.status === null)?.n ?? 0,
      voidedResponses: voided.rows[0]!.n,
    },
    errata: { counts: errata.counts, removedByReason: errata.removedByReason, kept: errata.kept, sourceRecords: errata.sourceRecords, decides: selection !== null },
    recompute: manifest.recompute,
  });

  async function* entries(): AsyncGenerator<ZipEntry> {
    yield { name: `${folder}/README.md`, chunks: [card], deflate: true };
    for (const f of files) yield { name: `${folder}/${f.path}`, chunks: await f.chunks(), deflate: f.deflate };
    yield { name: `${folder}/errata.csv`, chunks: errataCsv(errata.rows()), deflate: true };
    yield { name: `${folder}/manifest.json`, chunks: [JSON.stringify(publicManifest(manifest), null, 2) + "\n"], deflate: true };
  }
  return { folder, filename: `${folder}.zip`, chunks: zipStream(entries()) };
}
