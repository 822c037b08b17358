import { useTranslations } from "next-intl";
import Link from "next/link";

export interface SortState {
  sort: string;
  order: "asc" | "desc";
  /** the link that sorts by a key in an order (the other query parameters kept, back to page 1) */
  href(sort: string, order: "asc" | "desc"): string;
}

/** A column header that sorts the server-paged table: a link, with aria-sort on the sorted column. */
export function SortHeader({ label, sortKey, state, className, first = "asc" }: { label: string; sortKey: string; state?: SortState; className: string; first?: "asc" | "desc" }) {
  const t = useTranslations("console.studies.sort");
  if (!state) return <th scope="col" className={className}>{label}</th>;
  const active = state.sort === sortKey;
  const next = active ? (state.order === "asc" ? "desc" : "asc") : first;
  return (
    <th scope="col" className={className} aria-sort={active ? (state.order === "asc" ? "ascending" : "descending") : "none"}>
      <Link href={state.href(sortKey, next)} className="inline-flex min-h-11 items-center gap-1 text-primary underline-offset-2 hover:underline">
        {label}
        <span aria-hidden="true">{active ? (state.order === "asc" ? "▲" : "▼") : "↕"}</span>
        <span className="sr-only">{t("next", { order: next })}</span>
      </Link>
    </th>
  );
}

/** A page link's query string: the given parameters, empty ones left out. */
export function queryHref(base: string, query: Record<string, string | undefined>): string {
  const q = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => !!e[1]));
  const s = q.toString();
  return s ? `${base}?${s}` : base;
}
