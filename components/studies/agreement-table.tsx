import { useTranslations } from "next-intl";
import { formatFigure, noteFor, shownNotes, type Figure as FigureName } from "@/components/studies/format";
import type { DesignResults as StudyResults } from "@/lib/designs";

const th = "px-3 py-2 font-medium";
const td = "px-3 py-2 text-right tabular-nums";

function Figure({ value, noteId, notes, figure }: { value: number | null; noteId: string; notes: string[]; figure: FigureName }) {
  const t = useTranslations("console.results.agreement");
  if (value !== null) return <>{formatFigure(value)}</>;
  // the reason is written under the table; the title repeats it for pointer users
  return (
    <span title={noteFor(notes, figure) ?? t("notDefinedTitle")} aria-describedby={notes.length ? noteId : undefined}>
      —<span className="sr-only">{t("notDefined")}</span>
    </span>
  );
}

// Fleiss' κ, Krippendorff's α (nominal) and percent agreement per check, 3 decimals; a figure
// the data cannot define is "—" with the reason.
export function AgreementTable({ agreement = [] }: { agreement: StudyResults["agreement"] }) {
  const t = useTranslations("console.results.agreement");
  const rows = agreement.map((a) => ({ ...a, notes: shownNotes(a.figures.notes) }));
  const withNotes = rows.filter((a) => a.notes.length > 0);
  return (
    <section aria-labelledby="agreement-heading" className="space-y-3 rounded-card border border-line bg-surface p-4 sm:p-6">
      <h2 id="agreement-heading" className="text-lg font-semibold">
        {t("heading")}
      </h2>
      {agreement.length === 0 ? (
        <p className="text-sm text-muted">{t("empty")}</p>
      ) : (
        <>
          <p className="text-sm text-muted">{t("caption")}</p>
          <div className="relative overflow-x-auto">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <caption className="sr-only">{t("caption")}</caption>
              <thead className="border-b border-line text-muted">
                <tr>
                  <th scope="col" className={th}>{t("check")}</th>
                  <th scope="col" className={`${th} text-right`}>{t("items")}</th>
                  <th scope="col" className={`${th} text-right`}>{t("ratings")}</th>
                  <th scope="col" className={`${th} text-right`}>{t("fleiss")}</th>
                  <th scope="col" className={`${th} text-right`}>{t("alpha")}</th>
                  <th scope="col" className={`${th} text-right`}>{t("percent")}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((a, i) => {
                  const noteId = `agreement-note-${i}`;
                  return (
                    <tr key={a.check} className="border-b border-line last:border-0">
                      <th scope="row" className="px-3 py-2 font-medium">{a.label}</th>
                      <td className={td}>{a.figures.items}</td>
                      <td className={td}>{a.figures.ratings}</td>
                      <td className={td}><Figure value={a.figures.fleissKappa} noteId={noteId} notes={a.notes} figure="fleiss" /></td>
                      <td className={td}><Figure value={a.figures.krippendorffAlpha} noteId={noteId} notes={a.notes} figure="alpha" /></td>
                      <td className={td}><Figure value={a.figures.percentAgreement} noteId={noteId} notes={a.notes} figure="percent" /></td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {withNotes.length > 0 && (
            <div className="text-sm text-muted">
              <h3 className="font-medium text-ink">{t("notes")}</h3>
              <ul className="mt-1 list-disc space-y-1 pl-5">
                {rows.map((a, i) =>
                  a.notes.length ? (
                    <li key={a.check} id={`agreement-note-${i}`}>
                      {a.label}: {a.notes.join("; ")}.
                    </li>
                  ) : null,
                )}
              </ul>
            </div>
          )}
        </>
      )}
    </section>
  );
}
