import { getTranslations } from "next-intl/server";
import { overviewFor, studyForPage } from "@/components/studies/page-data";
import { studyExports } from "@/lib/studies/exports/offered";

// The study's downloads: exactly those its design and settings produce (lib/studies/exports/offered.ts),
// so no link answers 404. A download refused for now (the validated dataset while nothing is kept)
// keeps its link and says why beside it.
export async function ExportsList({ studyId }: { studyId: string }) {
  const [{ study }, t] = await Promise.all([studyForPage(studyId), getTranslations("console.studies.exports")]);
  const exports = await studyExports(study, await overviewFor(study));
  return (
    <section aria-labelledby="exports-heading" className="space-y-3 rounded-card border border-line bg-surface p-4 sm:p-6">
      <h2 id="exports-heading" className="text-lg font-semibold">
        {t("heading")}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {exports.map((e) => {
          const noteId = `export-${e.format}-note`;
          return (
            <li key={e.format} className="rounded-control border border-line p-3">
              <a
                href={`/api/studies/${study.id}/export?format=${e.format}`}
                download
                aria-describedby={e.unavailable ? noteId : undefined}
                className="font-medium text-primary underline underline-offset-2"
              >
                {t("download", { what: e.label.charAt(0).toLowerCase() + e.label.slice(1) })}
              </a>
              <p className="mt-1 text-sm text-muted">{e.detail}</p>
              {e.unavailable && (
                <p id={noteId} className="mt-1 text-sm font-medium text-warning" data-reason={e.unavailable.reason}>
                  {e.unavailable.text}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
