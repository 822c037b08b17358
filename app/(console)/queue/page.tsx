import { PageHeader } from "@/components/ui/page-header";
import { buttonClass } from "@/components/ui/button";
import { requirePage } from "@/lib/auth/guards";
import { queueFor } from "@/lib/studies/queue";

export const metadata = { title: "My queue" };
export const dynamic = "force-dynamic";

const MODE_LABEL: Record<string, string> = { annotators: "Annotators", link: "Open link" };

export default async function QueuePage() {
  const user = await requirePage("studies.annotate");
  const { entries: studies, hidden } = await queueFor(user.id);
  const hiddenNote = hidden > 0 ? `${hidden} open ${hidden === 1 ? "study has" : "studies have"} no work left for you and ${hidden === 1 ? "is" : "are"} not listed.` : null;

  return (
    <>
      <PageHeader title="My queue" description="Open studies you can annotate. Your progress is kept; you can stop and come back." />
      {studies.length === 0 ? (
        <p className="rounded-card border border-line bg-surface p-6 text-muted">There is no work for you right now. {hiddenNote}</p>
      ) : (
        <ul className="divide-y divide-line rounded-card border border-line bg-surface">
          {studies.map((s) => {
            const done = s.submitted;
            return (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-4">
                <div className="min-w-0">
                  <h2 className="text-lg font-semibold">{s.name}</h2>
                  <p className="text-sm text-muted">
                    {MODE_LABEL[s.entryMode] ?? s.entryMode}
                    {" · "}
                    {s.started ? `${done} unit${done === 1 ? "" : "s"} submitted` : "Not started"}
                  </p>
                </div>
                {/* a plain link: /s/<code> is a route handler that enters the study */}
                <a href={`/s/${encodeURIComponent(s.publicCode)}`} className={buttonClass(s.started ? "secondary" : "primary")}>
                  {s.started ? "Continue" : "Start"}
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
