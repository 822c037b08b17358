"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { draftId } from "@/components/studies/draft-id";
import { fieldId, type FieldErrors } from "@/components/studies/form-errors";
import { Input, Select } from "@/components/studies/form-controls";
import type { FilterRow } from "@/components/studies/form-model";
import { matchesSearch, splitTags, type TagValues } from "@/components/studies/tag-kinds";
import { useFocusAfterRender } from "@/lib/designs/form-kit";

export type DatasetTags = Record<string, TagValues>;

type SetRows = (change: (rows: FilterRow[]) => FilterRow[]) => void;

interface RowProps {
  name: string;
  row: FilterRow;
  index: number;
  tags: DatasetTags;
  /** tags the select offers (search and "more" applied), besides the row's own */
  offered: string[];
  search: string;
  errors: FieldErrors;
  setRows: SetRows;
  onRemoved: () => void;
}

function FilterRowFields({ name, row, index, tags, offered, search, errors, setRows, onRemoved }: RowProps) {
  const t = useTranslations("console.studies.filter");
  const n = index + 1;
  const id = fieldId(`${name}-${row.id}`);
  const error = row.tag ? errors[`${name}.${row.tag}`] : undefined;
  const errorId = `${fieldId(`${name}.${row.tag}`)}-error`;
  const set = (change: (r: FilterRow) => FilterRow) => setRows((rows) => rows.map((r) => (r.id === row.id ? change(r) : r)));
  const known = row.tag === "" || tags[row.tag] !== undefined;
  const values = row.tag ? (tags[row.tag] ?? row.values.map((value) => ({ value, count: 0 }))) : [];
  const chosen = new Set(row.values);
  // chosen values stay visible whatever the search
  const shown = values.filter((v) => chosen.has(v.value) || matchesSearch(search, "", [v]) || matchesSearch(search, row.tag, []));
  const options = [...new Set([...(row.tag ? [row.tag] : []), ...offered])];
  return (
    <li>
      <fieldset className="min-w-0 space-y-3 rounded-control border border-line p-3 sm:p-4">
        <legend className="px-1 text-sm font-semibold">{t("filterN", { n: String(n) })}</legend>
        <Select
          id={`${id}-tag`}
          label={t.rich("tagLabel", { n: String(n), sr: (chunks) => <span className="sr-only">{chunks}</span> })}
          hint={known ? undefined : t("unknownTag", { tag: row.tag })}
          value={row.tag}
          onChange={(e) => set((r) => ({ ...r, tag: e.target.value, values: [] }))}
        >
          <option value="">{t("chooseTag")}</option>
          {options.map((tag) => (
            <option key={tag} value={tag}>
              {tag}
            </option>
          ))}
        </Select>
        {row.tag && (
          <fieldset id={fieldId(`${name}.${row.tag}`)} aria-describedby={error ? errorId : undefined} className="min-w-0">
            <legend className="text-sm font-medium">{t("valuesOf", { tag: row.tag })}</legend>
            {error && (
              <p id={errorId} className="text-sm font-medium text-danger">
                {error}
              </p>
            )}
            <div className="mt-2 flex gap-2">
              <Button variant="ghost" className="min-h-9 px-2" onClick={() => set((r) => ({ ...r, values: [...new Set([...r.values, ...shown.map((v) => v.value)])] }))}>
                {t.rich("selectAll", { shown: search.trim() ? "yes" : "no", tag: row.tag, sr: (chunks) => <span className="sr-only">{chunks}</span> })}
              </Button>
              <Button variant="ghost" className="min-h-9 px-2" onClick={() => set((r) => ({ ...r, values: [] }))}>
                {t.rich("clear", { tag: row.tag, sr: (chunks) => <span className="sr-only">{chunks}</span> })}
              </Button>
            </div>
            <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto rounded-control border border-line p-2">
              {shown.map((v) => (
                <li key={v.value} className="flex items-start gap-3">
                  <input
                    id={`${id}-v${values.indexOf(v)}`}
                    type="checkbox"
                    className="mt-0.5 size-5 shrink-0 accent-primary"
                    checked={chosen.has(v.value)}
                    onChange={(e) => set((r) => ({ ...r, values: e.target.checked ? [...r.values, v.value] : r.values.filter((x) => x !== v.value) }))}
                  />
                  <label htmlFor={`${id}-v${values.indexOf(v)}`} className="text-sm break-all">
                    {v.value} <span className="text-muted">{t("valueCount", { count: String(v.count) })}</span>
                  </label>
                </li>
              ))}
              {shown.length === 0 && <li className="text-sm text-muted">{t("noMatch")}</li>}
            </ul>
          </fieldset>
        )}
        <Button
          variant="secondary"
          onClick={() => {
            setRows((rows) => rows.filter((r) => r.id !== row.id));
            onRemoved();
          }}
        >
          {t("remove", { n: String(n) })}
          {row.tag && <span className="sr-only"> ({row.tag})</span>}
        </Button>
      </fieldset>
    </li>
  );
}

/**
 * Rows of tag → values. A search narrows the tags offered and the values listed; identifier-like
 * tags (ids, hashes, a value per question) are offered only after "more".
 */
export function TagFilterEditor({ name, label, rows, setRows, tags, errors }: { name: string; label: string; rows: FilterRow[]; setRows: SetRows; tags: DatasetTags; errors: FieldErrors }) {
  const t = useTranslations("console.studies.filter");
  const focusLater = useFocusAfterRender();
  const [search, setSearch] = useState("");
  const [more, setMore] = useState(false);
  const { common, identifiers } = splitTags(tags);
  const used = new Set(rows.map((r) => r.tag).filter(Boolean));
  const offered = [...common, ...(more ? identifiers : [])].filter((tag) => !used.has(tag) && matchesSearch(search, tag, tags[tag]!));
  const addId = fieldId(`${name}-add`);
  const tagCount = Object.keys(tags).length;

  function add() {
    const id = draftId("f");
    setRows((rs) => [...rs, { id, tag: "", values: [] }]);
    focusLater(`${fieldId(`${name}-${id}`)}-tag`);
  }

  if (tagCount === 0 && rows.length === 0) return null;
  return (
    <div className="space-y-3">
      {tagCount > 0 && (
        <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <Input
            id={fieldId(`${name}-search`)}
            label={t("search", { label: label.toLowerCase() })}
            type="search"
            value={search}
            autoComplete="off"
            onChange={(e) => setSearch(e.target.value)}
          />
          {identifiers.length > 0 && (
            <Button variant="ghost" aria-pressed={more} onClick={() => setMore((m) => !m)}>
              {more ? t("hideIdentifiers") : t("showIdentifiers", { count: String(identifiers.length) })}
            </Button>
          )}
        </div>
      )}
      {rows.length > 0 && (
        <ul className="space-y-3" aria-label={t("list", { label })}>
          {rows.map((row, i) => (
            <FilterRowFields key={row.id} name={name} row={row} index={i} tags={tags} offered={offered} search={search} errors={errors} setRows={setRows} onRemoved={() => focusLater(addId)} />
          ))}
        </ul>
      )}
      {tagCount > 0 && (
        <Button id={addId} variant="secondary" onClick={add} disabled={used.size + rows.filter((r) => !r.tag).length >= tagCount}>
          {t("add", { label: label.toLowerCase() })}
        </Button>
      )}
    </div>
  );
}
