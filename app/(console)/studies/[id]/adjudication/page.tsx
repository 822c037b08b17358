import { getTranslations } from "next-intl/server";
import { AdjudicationHistory } from "@/components/studies/adjudication-history";
import { AdjudicationQueue, type QueueItem } from "@/components/studies/adjudication-queue";
import { uniqueNames } from "@/components/studies/queue-names";
import { formatCounts } from "@/components/studies/format";
import { studyForPage } from "@/components/studies/page-data";
import { afterResponse } from "@/lib/http/after";
import { adjudicationQueue } from "@/lib/studies/tables";
import { Pagination } from "@/components/studies/pagination";
import { adjudicationHistory } from "@/lib/studies/adjudicate";

const PAGE_SIZE = 25;

function withNames(items: Omit<QueueItem, "name">[]): QueueItem[] {
  const names = uniqueNames(items);
  return items.map((item, i) => ({ ...item, name: names[i]! }));
}

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ page?: string }> };

export async function generateMetadata({ params }: Props) {
  const [{ study }, t] = await Promise.all([studyForPage((await params).id), getTranslations("console.adjudication.page")]);
  return { title: t("title", { name: study.name }) };
}

export default async function StudyAdjudicationPage({ params, searchParams }: Props) {
  const { study, canManage } = await studyForPage((await params).id);
  const [history, query, t] = await Promise.all([adjudicationHistory(study.id), searchParams, getTranslations("console.adjudication.page")]);
  // the history names the units it decided, with their checks' words
  const { items: rows, units, total, ties, page, pages } = await adjudicationQueue(study, Number(query.page ?? 1), PAGE_SIZE, history.map((e) => e.targetId), afterResponse);
  const items: Omit<QueueItem, "name">[] = rows.map((q) => {
    const check = units.get(q.unitId)?.checks.find((c) => c.key === q.check);
    const options = (check?.options ?? []).map((o) => ({ value: o.value, label: o.label }));
    return {
      unitId: q.unitId,
      ordinal: q.ordinal,
      title: q.title,
      check: q.check,
      prompt: q.prompt,
      subject: check?.subject ?? null,
      options,
      votes: formatCounts(q.counts, options),
      reason: q.reason,
    };
  });
  return (
    <div className="space-y-8">
      <section aria-labelledby="queue-heading" className="space-y-4">
        <h2 id="queue-heading" className="text-lg font-semibold">
          {t("queueHeading")}
        </h2>
        <p className="text-sm text-muted">
          {total === 0
            ? t("nothing")
            : t("summary", { count: String(total), plural: total === 1 ? "one" : "other", ties: String(ties), split: String(total - ties) })}
        </p>
        {items.length > 0 && <AdjudicationQueue studyId={study.id} items={withNames(items)} canManage={canManage} />}
        <Pagination basePath={`/studies/${study.id}/adjudication`} query={{}} page={page} pages={pages} label={t("pages")} />
      </section>
      <section aria-labelledby="history-heading" className="space-y-4">
        <h2 id="history-heading" className="text-lg font-semibold">
          {t("historyHeading")}
        </h2>
        <AdjudicationHistory events={history} units={units} />
      </section>
    </div>
  );
}
