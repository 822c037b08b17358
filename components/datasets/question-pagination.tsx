import { useTranslations } from "next-intl";
import Link from "next/link";
import { searchFor, type TagFilter } from "@/components/datasets/tag-filter";

const link = "inline-flex min-h-11 items-center rounded-control border border-line bg-surface px-4 text-sm font-medium hover:bg-bg";

/** Previous/next links that keep the tag filter. */
export function QuestionPagination({ basePath, filter, page, pages }: { basePath: string; filter: TagFilter; page: number; pages: number }) {
  const t = useTranslations("console.datasets.pagination");
  if (pages <= 1) return null;
  return (
    <nav aria-label={t("label")} className="flex flex-wrap items-center gap-3">
      {page > 1 && (
        <Link href={`${basePath}${searchFor(filter, page - 1)}`} className={link} rel="prev">
          {t("previous")}
        </Link>
      )}
      <span className="text-sm text-muted">
        {t("page", { page: String(page), pages: String(pages) })}
      </span>
      {page < pages && (
        <Link href={`${basePath}${searchFor(filter, page + 1)}`} className={link} rel="next">
          {t("next")}
        </Link>
      )}
    </nav>
  );
}
