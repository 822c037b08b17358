"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useFocusAfterRender, useFormKit, type FieldErrors } from "@/lib/designs/form-kit";
import { LABEL_PRESETS } from "@/lib/designs/validation/form/labels";
import { applyPreset, renameDraft, type LabelDraft, type ValidationDraft } from "@/lib/designs/validation/form/model";

type Update = (change: (d: ValidationDraft) => ValidationDraft) => void;

const base = "config.labelJudgement";

function LabelRow({ label, index, count, errors, update, onRemoved }: {
  label: LabelDraft;
  index: number;
  count: number;
  errors: FieldErrors;
  update: Update;
  onRemoved: () => void;
}) {
  const { Button, Checkbox, Input, fieldId } = useFormKit();
  const t = useTranslations("console.designs.validation.labels");
  const name = `${base}.labels.${index}`;
  const n = index + 1;
  const set = (change: (l: LabelDraft) => LabelDraft) =>
    update((d) => ({ ...d, labels: d.labels.map((l) => (l.id === label.id ? change(l) : l)) }));
  const prefix = <span className="sr-only">{t("prefix", { n: String(n) })}</span>;
  return (
    <li>
      <fieldset className="min-w-0 space-y-3 rounded-control border border-line p-3 sm:p-4">
        <legend className="px-1 text-sm font-semibold">{t("labelN", { n: String(n) })}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <Input
            id={fieldId(`${name}.label`)}
            label={<>{prefix}{t("text")}</>}
            value={label.label}
            error={errors[`${name}.label`]}
            onChange={(e) => set((l) => renameDraft(l, e.target.value))}
          />
          <Input
            id={fieldId(`${name}.key`)}
            label={<>{prefix}{t("key")}</>}
            hint={t("keyHint")}
            value={label.key}
            error={errors[`${name}.key`]}
            onChange={(e) => set((l) => ({ ...l, key: e.target.value, keyEdited: true }))}
            spellCheck={false}
            autoCapitalize="off"
          />
        </div>
        <Input
          id={fieldId(`${name}.description`)}
          label={<>{prefix}{t("description")}</>}
          value={label.description}
          error={errors[`${name}.description`]}
          onChange={(e) => set((l) => ({ ...l, description: e.target.value }))}
        />
        <Checkbox
          id={fieldId(`${name}.rejects`)}
          label={<>{prefix}{t("rejects")}</>}
          hint={t("rejectsHint")}
          checked={label.rejects}
          onChange={(e) => set((l) => ({ ...l, rejects: e.target.checked }))}
        />
        <Button
          variant="secondary"
          disabled={count <= 2}
          onClick={() => {
            update((d) => ({ ...d, labels: d.labels.filter((l) => l.id !== label.id) }));
            onRemoved();
          }}
        >
          {t("remove", { n: String(n) })}
          <span className="sr-only"> ({label.label || t("unnamed")})</span>
        </Button>
      </fieldset>
    </li>
  );
}

export function LabelEditor({ draft, update, errors }: { draft: ValidationDraft; update: Update; errors: FieldErrors }) {
  const { Button, GroupError, Input, fieldId } = useFormKit();
  const t = useTranslations("console.designs.validation.labels");
  const focusLater = useFocusAfterRender();
  const [notice, setNotice] = useState("");
  const addId = "study-add-label";

  function addLabel() {
    const id = `label-${draft.seq}`;
    update((d) => ({ ...d, seq: d.seq + 1, labels: [...d.labels, { id, key: "", label: "", description: "", rejects: false, keyEdited: false }] }));
    focusLater(fieldId(`${base}.labels.${draft.labels.length}.label`));
  }

  return (
    <div className="space-y-4 sm:ml-8">
      <div className="space-y-2">
        <p className="text-sm font-medium" id="study-presets-label">
          {t("preset")}
        </p>
        <div className="flex flex-wrap gap-2" role="group" aria-labelledby="study-presets-label">
          {LABEL_PRESETS.map((p) => (
            <Button
              key={p.id}
              variant="secondary"
              onClick={() => {
                update((d) => applyPreset(d, p));
                setNotice(t("presetApplied", { name: p.name, labels: p.labels.map((l) => l.label).join(", ") }));
              }}
            >
              {p.name}
            </Button>
          ))}
        </div>
        <p className="text-sm text-muted" aria-live="polite">
          {notice}
        </p>
      </div>
      <Input
        id={fieldId(`${base}.prompt`)}
        label={t("prompt")}
        hint={t("promptHint")}
        value={draft.labelPrompt}
        error={errors[`${base}.prompt`]}
        onChange={(e) => update((d) => ({ ...d, labelPrompt: e.target.value }))}
      />
      <GroupError name={`${base}.labels`} errors={errors} />
      <ul className="space-y-3" aria-label={t("list")}>
        {draft.labels.map((label, i) => (
          <LabelRow
            key={label.id}
            label={label}
            index={i}
            count={draft.labels.length}
            errors={errors}
            update={update}
            onRemoved={() => focusLater(addId)}
          />
        ))}
      </ul>
      <Button id={addId} variant="secondary" onClick={addLabel} disabled={draft.labels.length >= 9}>
        {t("add")}
      </Button>
      <p className="text-sm text-muted">{t("between")}</p>
    </div>
  );
}
