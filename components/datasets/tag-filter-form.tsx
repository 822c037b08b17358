import { useTranslations } from "next-intl";
import Link from "next/link";
import type { TagFilter } from "@/components/datasets/tag-filter";
import { buttonClass } from "@/components/ui/button";
import { controlClass } from "@/components/ui/field";

export type DatasetTags = Record<string, { value: string; count: number }[]>;

// Filters as a plain GET form, so they work without JavaScript and the URL can be shared.
// One select per tag; "Any" leaves that tag out.
export function TagFilterForm({ action, tags, filter, mainTag }: { action: string; tags: DatasetTags; filter: TagFilter; mainTag: string }) {
  const t = useTranslations("console.datasets.tagFilter");
  const keys = Object.keys(tags).sort((a, b) => (a === mainTag ? -1 : b === mainTag ? 1 : a.localeCompare(b)));
  if (keys.length === 0) return <p className="text-sm text-muted">{t("none")}</p>;
  const active = Object.keys(filter).length > 0;
  return (
    <form method="get" action={action} aria-labelledby="filter-heading" className="space-y-4 rounded-card border border-line bg-surface p-4">
      <h3 id="filter-heading" className="font-semibold">
        {t("heading")}
      </h3>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {keys.map((key) => {
          const id = `filter-${key}`;
          const chosen = filter[key]?.[0] ?? "";
          const values = tags[key] ?? [];
          return (
            <div key={key} className="min-w-0 space-y-1">
              <label htmlFor={id} className="block text-sm font-medium break-all">
                {key}
              </label>
              <select id={id} name={`tag.${key}`} defaultValue={chosen} className={controlClass}>
                <option value="">{t("any")}</option>
                {chosen && !values.some((v) => v.value === chosen) && <option value={chosen}>{chosen}</option>}
                {values.map((v) => (
                  <option key={v.value} value={v.value}>
                    {v.value.length > 80 ? `${v.value.slice(0, 77)}…` : v.value} ({v.count})
                  </option>
                ))}
              </select>
            </div>
          );
        })}
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass("primary")}>
          {t("apply")}
        </button>
        {active && (
          <Link href={action} className={buttonClass("secondary")}>
            {t("clear")}
          </Link>
        )}
      </div>
    </form>
  );
}
