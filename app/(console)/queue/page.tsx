import { PageHeader } from "@/components/ui/page-header";
import { buttonClass } from "@/components/ui/button";
import { requirePage } from "@/lib/auth/guards";
import { db } from "@/lib/db/client";

export const metadata = { title: "My queue" };
export const dynamic = "force-dynamic";

const MODE_LABEL: Record<string, string> = { annotators: "Annotators", link: "Open link" };

export default async function QueuePage() {
  const user = await requirePage("studies.annotate");
  const studies = await db().study.findMany({
    where: { state: "open", entryMode: { in: ["annotators", "link"] } },
    select: {
      id: true,
      name: true,
      publicCode: true,
      entryMode: true,
      participants: { where: { userId: user.id }, select: { completedAt: true, _count: { select: { assignments: { where: { status: "submitted" } } } } } },
    },
    orderBy: { createdAt: "desc" },
  });

  return (
    <>
      <PageHeader title="My queue" description="Open studies you can annotate. Your progress is kept; you can stop and come back." />
      {studies.length === 0 ? (
        <p className="rounded-card border border-line bg-surface p-6 text-muted">There are no open studies for you right now.</p>
      ) : (
        <ul className="divide-y divide-line rounded-card border border-line bg-surface">
          {studies.map((s) => {
            const me = s.participants[0];
            const done = me?._count.assignments ?? 0;
            return (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-4">
                <div className="min-w-0">
                  <h2 className="text-lg font-semibold">{s.name}</h2>
                  <p className="text-sm text-muted">
                    {MODE_LABEL[s.entryMode] ?? s.entryMode}
                    {" · "}
                    {me ? `${done} unit${done === 1 ? "" : "s"} submitted${me.completedAt ? " · finished" : ""}` : "Not started"}
                  </p>
                </div>
                {/* a plain link: /s/<code> is a route handler that enters the study */}
                <a href={`/s/${encodeURIComponent(s.publicCode)}`} className={buttonClass(me ? "secondary" : "primary")}>
                  {me ? "Continue" : "Start"}
                  <span className="sr-only"> {s.name}</span>
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
