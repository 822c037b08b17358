"use client";

import { Button } from "@/components/ui/button";
import { fieldId, type FieldErrors } from "@/components/studies/form-errors";
import { Section, Select } from "@/components/studies/form-controls";
import type { FilterRow, StudyFormState, Update } from "@/components/studies/form-model";
import { useFocusAfterRender } from "@/components/studies/use-focus";

export type DatasetTags = Record<string, { value: string; count: number }[]>;

function FilterRowFields({ row, index, tags, used, errors, update, onRemoved }: {
  row: FilterRow;
  index: number;
  tags: DatasetTags;
  used: Set<string>;
  errors: FieldErrors;
  update: Update;
  onRemoved: () => void;
}) {
  const n = index + 1;
  const id = `study-filter-${row.id}`;
  const error = row.tag ? errors[`filter.${row.tag}`] : undefined;
  const errorId = `${fieldId(`filter.${row.tag}`)}-error`;
  const set = (change: (r: FilterRow) => FilterRow) =>
    update((s) => ({ ...s, filter: s.filter.map((r) => (r.id === row.id ? change(r) : r)) }));
  const values = row.tag ? (tags[row.tag] ?? row.values.map((value) => ({ value, count: 0 }))) : [];
  const chosen = new Set(row.values);
  return (
    <li>
      <fieldset className="min-w-0 space-y-3 rounded-control border border-line p-3 sm:p-4">
        <legend className="px-1 text-sm font-semibold">Filter {n}</legend>
        <Select
          id={`${id}-tag`}
          label={<><span className="sr-only">Filter {n} </span>Tag</>}
          value={row.tag}
          onChange={(e) => set(() => ({ ...row, tag: e.target.value, values: [] }))}
        >
          <option value="">Choose a tag…</option>
          {Object.keys(tags)
            .filter((t) => t === row.tag || !used.has(t))
            .map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
        </Select>
        {row.tag && (
          <fieldset id={fieldId(`filter.${row.tag}`)} aria-describedby={error ? errorId : undefined} className="min-w-0">
            <legend className="text-sm font-medium">Values of {row.tag}</legend>
            {error && (
              <p id={errorId} className="text-sm font-medium text-danger">
                {error}
              </p>
            )}
            <div className="mt-2 flex gap-2">
              <Button variant="ghost" className="min-h-9 px-2" onClick={() => set((r) => ({ ...r, values: values.map((v) => v.value) }))}>
                Select all<span className="sr-only"> values of {row.tag}</span>
              </Button>
              <Button variant="ghost" className="min-h-9 px-2" onClick={() => set((r) => ({ ...r, values: [] }))}>
                Clear<span className="sr-only"> values of {row.tag}</span>
              </Button>
            </div>
            <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto rounded-control border border-line p-2">
              {values.map((v, j) => (
                <li key={v.value} className="flex items-start gap-3">
                  <input
                    id={`${id}-v${j}`}
                    type="checkbox"
                    className="mt-0.5 size-5 shrink-0 accent-primary"
                    checked={chosen.has(v.value)}
                    onChange={(e) =>
                      set((r) => ({
                        ...r,
                        values: e.target.checked ? [...r.values, v.value] : r.values.filter((x) => x !== v.value),
                      }))
                    }
                  />
                  <label htmlFor={`${id}-v${j}`} className="text-sm break-all">
                    {v.value} <span className="text-muted">({v.count} questions)</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        <Button
          variant="secondary"
          onClick={() => {
            update((s) => ({ ...s, filter: s.filter.filter((r) => r.id !== row.id) }));
            onRemoved();
          }}
        >
          Remove filter {n}
        </Button>
      </fieldset>
    </li>
  );
}

export function FilterFields({ state, update, errors, tags, loading }: {
  state: StudyFormState;
  update: Update;
  errors: FieldErrors;
  tags: DatasetTags;
  loading: boolean;
}) {
  const focusLater = useFocusAfterRender();
  const used = new Set(state.filter.map((r) => r.tag).filter(Boolean));
  const tagCount = Object.keys(tags).length;
  const addId = "study-add-filter";

  function add() {
    const id = `f${state.seq}`;
    update((s) => ({ ...s, seq: s.seq + 1, filter: [...s.filter, { id, tag: "", values: [] }] }));
    focusLater(`study-filter-${id}-tag`);
  }

  return (
    <Section
      id={fieldId("filter")}
      legend="Tag filter"
      description="Optional. Only questions whose tags match every filter are used; within a filter, any chosen value matches. Leave empty to use the whole dataset."
    >
      {errors.filter && <p className="text-sm font-medium text-danger">{errors.filter}</p>}
      <div aria-live="polite" className="text-sm text-muted">
        {loading ? "Loading the dataset’s tags…" : !state.datasetId ? "Choose a dataset to see its tags." : tagCount === 0 ? "This dataset’s questions have no tags to filter on." : null}
      </div>
      {state.filter.length > 0 && (
        <ul className="space-y-3" aria-label="Tag filters">
          {state.filter.map((row, i) => (
            <FilterRowFields key={row.id} row={row} index={i} tags={tags} used={used} errors={errors} update={update} onRemoved={() => focusLater(addId)} />
          ))}
        </ul>
      )}
      {tagCount > 0 && (
        <Button id={addId} variant="secondary" onClick={add} disabled={loading || used.size + state.filter.filter((r) => !r.tag).length >= tagCount}>
          Add a tag filter
        </Button>
      )}
    </Section>
  );
}
