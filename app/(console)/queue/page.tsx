import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/ui/page-header";
import { buttonClass } from "@/components/ui/button";
import { requirePage } from "@/lib/auth/guards";
import { queueFor } from "@/lib/studies/queue";

export async function generateMetadata() {
  const t = await getTranslations("console.queue");
  return { title: t("title") };
}
export const dynamic = "force-dynamic";

export default async function QueuePage() {
  const user = await requirePage("studies.annotate");
  const [{ entries: studies, hidden }, t] = await Promise.all([queueFor(user.id), getTranslations("console.queue")]);
  const hiddenNote = hidden > 0 ? t("hidden", { count: String(hidden), plural: hidden === 1 ? "one" : "other" }) : null;

  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      {studies.length === 0 ? (
        <p className="rounded-card border border-line bg-surface p-6 text-muted">{t("noWork")} {hiddenNote}</p>
      ) : (
        <ul className="divide-y divide-line rounded-card border border-line bg-surface">
          {studies.map((s) => {
            const done = s.submitted;
            return (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-4">
                <div className="min-w-0">
                  <h2 className="text-lg font-semibold">{s.name}</h2>
                  <p className="text-sm text-muted">
                    {s.entryMode === "annotators" || s.entryMode === "link" ? t(`mode.${s.entryMode}`) : s.entryMode}
                    {" · "}
                    {s.started ? t("submitted", { count: String(done), plural: done === 1 ? "one" : "other" }) : t("notStarted")}
                  </p>
                </div>
                {/* a plain link: /s/<code> is a route handler that enters the study */}
                <a href={`/s/${encodeURIComponent(s.publicCode)}`} className={buttonClass(s.started ? "secondary" : "primary")}>
                  {s.started ? t("continue") : t("start")}
                  <span className="sr-only"> {s.name}</span>
                </a>
              </li>
            );
          })}
        </ul>
      )}
      {studies.length > 0 && hiddenNote && <p className="mt-4 text-sm text-muted">{hiddenNote}</p>}
    </>
  );
}
