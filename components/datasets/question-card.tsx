import { useTranslations } from "next-intl";
import Link from "next/link";
import { kindLabel, type KindWords } from "@/components/datasets/format";
import { goldLines, optionMarks } from "@/components/datasets/gold";
import type { QuestionRow } from "@/components/datasets/page-data";
import { optionLetter } from "@/lib/option-letter";


function tagText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === "object" ? JSON.stringify(value) : String(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

// One question as researchers see it in the console: gold answers are shown (marked in words
// and colour), unlike the participant view.
export function QuestionCard({ question: q, datasetId, contextLink }: { question: QuestionRow; datasetId: string; contextLink: boolean }) {
  const t = useTranslations("console.datasets.question");
  const kinds = useTranslations("console.datasets.kinds") as KindWords;
  const goldWords = useTranslations("console.datasets.gold");
  const options = Array.isArray(q.options) ? q.options.map(String) : [];
  const marks = optionMarks(options, q.gold);
  const gold = goldLines(q.gold, options.length > 0, goldWords);
  const tags = Object.entries(q.tags ?? {})
    .map(([k, v]) => [k, tagText(v)] as const)
    .filter((e): e is readonly [string, string] => e[1] !== null);
  const headingId = `question-${q.id}`;
  return (
    <article aria-labelledby={headingId} className="space-y-3 rounded-card border border-line bg-surface p-4 sm:p-5">
      <p className="text-sm text-muted">
        {t.rich("meta", {
          kind: kindLabel(q.kind, kinds),
          record: String(q.recordIndex + 1),
          position: String(q.position + 1),
          sourceId: q.sourceId,
          id: (chunks) => <span className="break-all">{chunks}</span>,
        })}
      </p>
      <h3 id={headingId} className="text-base font-semibold whitespace-pre-wrap break-words">
        {q.prompt}
      </h3>
      {options.length > 0 && (
        <ol className="space-y-1" aria-label={t("options")}>
          {options.map((option, i) => {
            const mark = marks[i];
            return (
              <li
                key={i}
                className={`flex gap-2 rounded-control border px-3 py-2 text-sm ${mark === "correct" ? "border-success bg-success-soft" : "border-line"}`}
              >
                <span className="font-semibold tabular-nums" aria-hidden="true">
                  {optionLetter(i)}.
                </span>
                <span className="min-w-0 flex-1 break-words">{option}</span>
                {mark === "correct" && <span className="shrink-0 font-semibold text-success">{t("gold")}</span>}
                {mark === "wrong" && <span className="sr-only">{t("wrong")}</span>}
              </li>
            );
          })}
        </ol>
      )}
      {gold.length > 0 && (
        <dl className="space-y-1 text-sm">
          {gold.map((g) => (
            <div key={g.label} className="flex flex-wrap gap-x-2">
              <dt className={`font-semibold ${g.kind === "wrong" ? "text-danger" : "text-success"}`}>{g.label}:</dt>
              <dd className="min-w-0 break-words">{g.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {tags.length > 0 && (
        <dl className="flex flex-wrap gap-2 text-xs">
          {tags.map(([k, v]) => (
            <div key={k} className="rounded-control border border-line bg-bg px-2 py-1">
              <dt className="inline text-muted">{k}: </dt>
              <dd className="inline break-all">{v}</dd>
            </div>
          ))}
        </dl>
      )}
      {contextLink && (
        <p>
          <Link href={`/datasets/${datasetId}/contexts/${q.contextId}`} className="text-sm font-medium text-primary underline underline-offset-2">
            {q.contextTitle ? t("context", { title: q.contextTitle }) : t("openContext")}
            <span className="sr-only">{t("ofQuestion", { prompt: q.prompt.slice(0, 80) })}</span>
          </Link>
        </p>
      )}
    </article>
  );
}
