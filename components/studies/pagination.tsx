import { useTranslations } from "next-intl";
import Link from "next/link";

/** Previous/next links that keep the other query parameters. */
export function Pagination({ basePath, query, page, pages, label }: {
  basePath: string;
  query: Record<string, string | undefined>;
  page: number;
  pages: number;
  label: string;
}) {
  const t = useTranslations("console.studies.pagination");
  if (pages <= 1) return null;
  const href = (p: number) => {
    const q = new URLSearchParams(Object.entries({ ...query, page: String(p) }).filter((e): e is [string, string] => !!e[1]));
    return `${basePath}?${q}`;
  };
  const link = "inline-flex min-h-11 items-center rounded-control border border-line bg-surface px-4 text-sm font-medium hover:bg-bg";
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-3">
      {page > 1 ? <Link href={href(page - 1)} className={link} rel="prev">{t("previous")}</Link> : null}
      <span className="text-sm text-muted" aria-current="page">
        {t("page", { page: String(page), pages: String(pages) })}
      </span>
      {page < pages ? <Link href={href(page + 1)} className={link} rel="next">{t("next")}</Link> : null}
    </nav>
  );
}
