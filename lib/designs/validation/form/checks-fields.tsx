"use client";

import { useTranslations } from "next-intl";
import { useFocusAfterRender, useFormKit, type FieldErrors } from "@/lib/designs/form-kit";
import { LabelEditor } from "@/lib/designs/validation/form/label-editor";
import { ANSWER_KEY_HELP } from "@/lib/designs/validation/form/labels";
import { renameDraft, type FlagDraft, type ValidationDraft } from "@/lib/designs/validation/form/model";

type Update = (change: (d: ValidationDraft) => ValidationDraft) => void;

function FlagRow({ flag, index, count, errors, update, onRemoved }: {
  flag: FlagDraft;
  index: number;
  count: number;
  errors: FieldErrors;
  update: Update;
  onRemoved: () => void;
}) {
  const { Button, Input, fieldId } = useFormKit();
  const t = useTranslations("console.designs.validation.checks");
  const base = `config.contextChecks.flags.${index}`;
  const n = index + 1;
  const set = (change: (f: FlagDraft) => FlagDraft) => update((d) => ({ ...d, flags: d.flags.map((f) => (f.id === flag.id ? change(f) : f)) }));
  return (
    <li>
      <fieldset className="min-w-0 space-y-3 rounded-control border border-line p-3 sm:p-4">
        <legend className="px-1 text-sm font-semibold">{t("flagN", { n: String(n) })}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <Input
            id={fieldId(`${base}.label`)}
            label={t.rich("flagLabel", { n: String(n), sr: (chunks) => <span className="sr-only">{chunks}</span> })}
            value={flag.label}
            error={errors[`${base}.label`]}
            onChange={(e) => set((f) => renameDraft(f, e.target.value))}
          />
          <Input
            id={fieldId(`${base}.key`)}
            label={t.rich("flagKey", { n: String(n), sr: (chunks) => <span className="sr-only">{chunks}</span> })}
            hint={t("flagKeyHint")}
            value={flag.key}
            error={errors[`${base}.key`]}
            onChange={(e) => set((f) => ({ ...f, key: e.target.value, keyEdited: true }))}
            spellCheck={false}
            autoCapitalize="off"
          />
        </div>
        <Input
          id={fieldId(`${base}.description`)}
          label={t.rich("flagDescription", { n: String(n), sr: (chunks) => <span className="sr-only">{chunks}</span> })}
          hint={t("flagDescriptionHint")}
          value={flag.description}
          error={errors[`${base}.description`]}
          onChange={(e) => set((f) => ({ ...f, description: e.target.value }))}
        />
        <Button
          variant="secondary"
          disabled={count <= 1}
          onClick={() => {
            update((d) => ({ ...d, flags: d.flags.filter((f) => f.id !== flag.id) }));
            onRemoved();
          }}
        >
          {t("removeFlag", { n: String(n) })}
          <span className="sr-only"> ({flag.label || t("unnamed")})</span>
        </Button>
      </fieldset>
    </li>
  );
}

export function ChecksFields({ draft, update, errors }: { draft: ValidationDraft; update: Update; errors: FieldErrors }) {
  const { Button, Checkbox, GroupError, Section, fieldId } = useFormKit();
  const t = useTranslations("console.designs.validation.checks");
  const focusLater = useFocusAfterRender();
  const addFlagId = "study-add-flag";

  function addFlag() {
    const id = `flag-${draft.seq}`;
    update((d) => ({ ...d, seq: d.seq + 1, flags: [...d.flags, { id, key: "", label: "", description: "", keyEdited: false }] }));
    focusLater(fieldId(`config.contextChecks.flags.${draft.flags.length}.label`));
  }

  return (
    <Section id={fieldId("config")} legend={t("legend")} description={t("description")}>
      {errors.config && (
        <p id={`${fieldId("config")}-error`} className="text-sm font-medium text-danger">
          {errors.config}
        </p>
      )}

      <div className="space-y-4 border-t border-line pt-4">
        <Checkbox
          id="study-context-checks"
          label={t("context")}
          hint={t("contextHint")}
          checked={draft.contextChecks}
          onChange={(e) => update((d) => ({ ...d, contextChecks: e.target.checked }))}
        />
        {draft.contextChecks && (
          <div className="space-y-3 sm:ml-8">
            <GroupError name="config.contextChecks.flags" errors={errors} />
            <ul className="space-y-3" aria-label={t("flags")}>
              {draft.flags.map((flag, i) => (
                <FlagRow key={flag.id} flag={flag} index={i} count={draft.flags.length} errors={errors} update={update} onRemoved={() => focusLater(addFlagId)} />
              ))}
            </ul>
            <Button id={addFlagId} variant="secondary" onClick={addFlag} disabled={draft.flags.length >= 10}>
              {t("addFlag")}
            </Button>
            <Checkbox
              id="study-comment"
              label={t("comment")}
              checked={draft.comment}
              onChange={(e) => update((d) => ({ ...d, comment: e.target.checked }))}
            />
          </div>
        )}
      </div>

      <div className="border-t border-line pt-4">
        <Checkbox
          id="study-answer-key"
          label={t("answerKey")}
          hint={ANSWER_KEY_HELP}
          checked={draft.answerKey}
          onChange={(e) => update((d) => ({ ...d, answerKey: e.target.checked }))}
        />
      </div>

      <div className="space-y-4 border-t border-line pt-4">
        <Checkbox
          id="study-label-judgement"
          label={t("labelJudgement")}
          hint={t("labelJudgementHint")}
          checked={draft.labelJudgement}
          onChange={(e) => update((d) => ({ ...d, labelJudgement: e.target.checked }))}
        />
        {draft.labelJudgement && <LabelEditor draft={draft} update={update} errors={errors} />}
      </div>
    </Section>
  );
}
