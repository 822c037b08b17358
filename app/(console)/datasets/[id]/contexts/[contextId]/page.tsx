import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { ContextViewer } from "@/components/context/context-viewer";
import { contextForPage, datasetForPage } from "@/components/datasets/page-data";
import { QuestionCard } from "@/components/datasets/question-card";
import { PageHeader } from "@/components/ui/page-header";

type Props = { params: Promise<{ id: string; contextId: string }> };

export async function generateMetadata({ params }: Props) {
  const { id, contextId } = await params;
  const { user, dataset } = await datasetForPage(id);
  const [context, t] = await Promise.all([contextForPage(user, dataset.id, contextId), getTranslations("console.datasets.context")]);
  return { title: t("title", { context: context.title ?? t("context"), dataset: dataset.name }) };
}

export default async function DatasetContextPage({ params }: Props) {
  const { id, contextId } = await params;
  const { user, dataset } = await datasetForPage(id);
  const [context, t] = await Promise.all([contextForPage(user, dataset.id, contextId), getTranslations("console.datasets.context")]);
  const count = context.questions.length;
  return (
    <>
      <nav aria-label={t("breadcrumb")} className="mb-2 text-sm">
        <ol className="flex flex-wrap gap-x-2">
          <li>
            <Link href="/datasets" className="text-primary underline underline-offset-2">
              {t("datasets")}
            </Link>
            <span aria-hidden="true"> /</span>
          </li>
          <li>
            <Link href={`/datasets/${dataset.id}`} className="text-primary underline underline-offset-2 break-all">
              {dataset.name}
            </Link>
          </li>
        </ol>
      </nav>
      <PageHeader
        title={context.title ?? (context.kind === "passage" ? t("passage") : t("conversation"))}
        description={t("description", { count, kind: context.kind === "passage" ? "passage" : "conversation" })}
      />
      <div className="space-y-10">
        {/* not a landmark of its own: the viewer's scroll region is one, with the same name (axe landmark-unique) */}
        <div className="space-y-3">
          <h2 id="context-heading" className="sr-only">
            {context.kind === "passage" ? t("text") : t("conversation")}
          </h2>
          <ContextViewer views={context.views} defaultView={context.defaultView} />
        </div>
        <section aria-labelledby="context-questions-heading" className="space-y-3">
          <h2 id="context-questions-heading" className="text-lg font-semibold">
            {t("questionsHeading")}
          </h2>
          {count === 0 ? (
            <p className="text-muted">{t("none")}</p>
          ) : (
            <ol className="space-y-3">
              {context.questions.map((q) => (
                <li key={q.id}>
                  <QuestionCard question={q} datasetId={dataset.id} contextLink={false} />
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </>
  );
}
