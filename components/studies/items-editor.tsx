"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { draftId } from "@/components/studies/draft-id";
import { Input, Select, TextArea } from "@/components/studies/form-controls";
import { GroupError } from "@/components/studies/form-layout";
import { fieldId, type FieldErrors } from "@/components/studies/form-errors";
import { blankItem, optionLines, type ItemDraft } from "@/components/studies/quality-draft";
import { useFocusAfterRender } from "@/lib/designs/form-kit";

type SetItems = (change: (items: ItemDraft[]) => ItemDraft[]) => void;

/** Multiple-choice items the researcher writes: attention checks, familiarity questions. */
export function ItemsEditor({ name, label, items, setItems, errors, max, tagValue }: {
  /** the invalid_params prefix, e.g. `attention.items` */
  name: string;
  /** one item's name, e.g. "Attention check" */
  label: string;
  items: ItemDraft[];
  setItems: SetItems;
  errors: FieldErrors;
  max: number;
  /** ask for the tag value (e.g. the book) an item is about */
  tagValue?: string;
}) {
  const t = useTranslations("console.studies.items");
  const focusLater = useFocusAfterRender();
  const addId = fieldId(`${name}-add`);
  const set = (id: string, patch: Partial<ItemDraft>) => setItems((all) => all.map((it) => (it.id === id ? { ...it, ...patch } : it)));
  return (
    <div className="space-y-3">
      <GroupError name={name} errors={errors} />
      <ul className="space-y-3" aria-label={t("list", { label })}>
        {items.map((item, i) => {
          const base = `${name}.${i}`;
          const n = i + 1;
          const prefix = <span className="sr-only">{label} {n} </span>;
          const options = optionLines(item.options);
          return (
            <li key={item.id}>
              <fieldset className="min-w-0 space-y-3 rounded-control border border-line p-3 sm:p-4">
                <legend className="px-1 text-sm font-semibold">
                  {label} {n}
                </legend>
                <Input id={fieldId(`${base}.prompt`)} label={<>{prefix}{t("question")}</>} value={item.prompt} error={errors[`${base}.prompt`]} onChange={(e) => set(item.id, { prompt: e.target.value })} />
                <div className="grid gap-3 sm:grid-cols-2">
                  <TextArea
                    id={fieldId(`${base}.options`)}
                    label={<>{prefix}{t("options")}</>}
                    rows={4}
                    value={item.options}
                    error={errors[`${base}.options`]}
                    onChange={(e) => set(item.id, { options: e.target.value })}
                  />
                  <Select id={fieldId(`${base}.answer`)} label={<>{prefix}{t("answer")}</>} value={item.answer} error={errors[`${base}.answer`]} onChange={(e) => set(item.id, { answer: e.target.value })}>
                    <option value="">{t("chooseAnswer")}</option>
                    {options.map((o, j) => (
                      <option key={`${j}-${o}`} value={String(j)}>
                        {o}
                      </option>
                    ))}
                  </Select>
                </div>
                {tagValue && (
                  <Input
                    id={fieldId(`${base}.tagValue`)}
                    label={<>{prefix}{t("tagValue", { tag: tagValue })}</>}
                    hint={t("tagValueHint")}
                    value={item.tagValue}
                    error={errors[`${base}.tagValue`]}
                    onChange={(e) => set(item.id, { tagValue: e.target.value })}
                  />
                )}
                <Button
                  variant="secondary"
                  disabled={items.length <= 1}
                  onClick={() => {
                    setItems((all) => all.filter((it) => it.id !== item.id));
                    focusLater(addId);
                  }}
                >
                  {t("remove", { label: label.toLowerCase(), n: String(n) })}
                </Button>
              </fieldset>
            </li>
          );
        })}
      </ul>
      <Button
        id={addId}
        variant="secondary"
        disabled={items.length >= max}
        onClick={() => {
          setItems((all) => [...all, blankItem(draftId("item"))]);
          focusLater(fieldId(`${name}.${items.length}.prompt`));
        }}
      >
        {t("add", { label: label.toLowerCase() })}
      </Button>
    </div>
  );
}
