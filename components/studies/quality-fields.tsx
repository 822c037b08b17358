"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Checkbox, Input, RadioGroup } from "@/components/studies/form-controls";
import { Collapsible } from "@/components/studies/form-layout";
import { fieldId, type FieldErrors } from "@/components/studies/form-errors";
import { withSettings, type StudyFormState, type Update } from "@/components/studies/form-model";
import { TagFilterEditor, type DatasetTags } from "@/components/studies/filter-fields";
import { ItemsEditor } from "@/components/studies/items-editor";
import { StudyPicker, type StudyOption } from "@/components/studies/exposure-fields";
import type { QualityDraft } from "@/components/studies/quality-draft";
import { CODE_KEYS } from "@/components/studies/settings-draft";

interface Props {
  state: StudyFormState;
  update: Update;
  errors: FieldErrors;
}

type Part = keyof QualityDraft;

// the parts' names in the collapsed status are keys of console.studies.quality.parts
const PARTS: Part[] = ["qualification", "training", "attention", "gold", "exclusion"];

/** One optional part: a checkbox that switches it on, and its fields under it. */
function Part({ id, label, hint, on, onToggle, children }: { id: string; label: string; hint: string; on: boolean; onToggle: (on: boolean) => void; children: ReactNode }) {
  return (
    <div className="space-y-4 border-t border-line pt-4 first:border-t-0 first:pt-0">
      <Checkbox id={id} label={label} hint={hint} checked={on} onChange={(e) => onToggle(e.target.checked)} />
      {on && <div className="space-y-4 sm:ml-8">{children}</div>}
    </div>
  );
}

const errorsUnder = (errors: FieldErrors, roots: string[]) => Object.keys(errors).some((k) => roots.includes(k.split(".")[0]!));

export function QualityFields({ state, update, errors, tags, studies }: Props & { tags: DatasetTags; studies: StudyOption[] }) {
  const t = useTranslations("console.studies.quality");
  const q = state.settings.quality;
  function set<P extends Part>(part: P, patch: Partial<QualityDraft[P]> | ((now: QualityDraft[P]) => Partial<QualityDraft[P]>)) {
    update((s) =>
      withSettings(s, (d) => {
        const now = d.quality[part];
        return { quality: { ...d.quality, [part]: { ...now, ...(typeof patch === "function" ? patch(now) : patch) } } };
      }),
    );
  }
  const on = PARTS.filter((p) => q[p].enabled);
  const number = (name: string, label: string, value: string, change: (v: string) => void, hint?: string) => (
    <Input id={fieldId(name)} label={label} hint={hint} type="number" inputMode="decimal" min={0} value={value} error={errors[name]} onChange={(e) => change(e.target.value)} />
  );
  return (
    <Collapsible
      id={fieldId("quality")}
      title={t("title")}
      status={on.length ? on.map((p) => t(`parts.${p}`)).join(", ") : t("off")}
      defaultOpen={on.length > 0 || errorsUnder(errors, PARTS)}
    >
      <Part id={fieldId("qualification")} label={t("qualification")} hint={t("qualificationHint")} on={q.qualification.enabled} onToggle={(enabled) => set("qualification", { enabled })}>
        <TagFilterEditor name="qualification.filter" label={t("qualificationFilter")} rows={q.qualification.filter} setRows={(c) => set("qualification", (now) => ({ filter: c(now.filter) }))} tags={tags} errors={errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          {number("qualification.k", t("qualificationK"), q.qualification.k, (k) => set("qualification", { k }), t("qualificationKHint"))}
          {number("qualification.passThreshold", t("passMark"), q.qualification.passPercent, (passPercent) => set("qualification", { passPercent }))}
        </div>
        <RadioGroup
          id={fieldId("qualification.attempts")}
          name="qualificationAttempts"
          legend={t("attempts")}
          inline
          options={[
            { value: "1" as const, label: t("one") },
            { value: "2" as const, label: t("two") },
          ]}
          value={q.qualification.attempts}
          onChange={(attempts) => set("qualification", { attempts })}
        />
        <StudyPicker
          name="qualification.sharedWith"
          legend={t("sharedWith")}
          hint={t("sharedWithHint")}
          studies={studies}
          chosen={q.qualification.sharedWith}
          errors={errors}
          onChange={(sharedWith) => set("qualification", { sharedWith })}
        />
      </Part>

      <Part id={fieldId("training")} label={t("training")} hint={t("trainingHint")} on={q.training.enabled} onToggle={(enabled) => set("training", { enabled })}>
        <TagFilterEditor name="training.filter" label={t("trainingFilter")} rows={q.training.filter} setRows={(c) => set("training", (now) => ({ filter: c(now.filter) }))} tags={tags} errors={errors} />
        {number("training.k", t("trainingK"), q.training.k, (k) => set("training", { k }))}
      </Part>

      <Part id={fieldId("attention")} label={t("attention")} hint={t("attentionHint")} on={q.attention.enabled} onToggle={(enabled) => set("attention", { enabled })}>
        {number("attention.every", t("attentionEvery"), q.attention.every, (every) => set("attention", { every }))}
        <ItemsEditor name="attention.items" label={t("attentionItem")} items={q.attention.items} setItems={(c) => set("attention", (now) => ({ items: c(now.items) }))} errors={errors} max={50} />
      </Part>

      <Part id={fieldId("gold")} label={t("gold")} hint={t("goldHint")} on={q.gold.enabled} onToggle={(enabled) => set("gold", { enabled })}>
        <TagFilterEditor name="gold.filter" label={t("goldFilter")} rows={q.gold.filter} setRows={(c) => set("gold", (now) => ({ filter: c(now.filter) }))} tags={tags} errors={errors} />
        {number("gold.every", t("goldEvery"), q.gold.every, (every) => set("gold", { every }))}
      </Part>

      <Part id={fieldId("exclusion")} label={t("exclusion")} hint={t("exclusionHint")} on={q.exclusion.enabled} onToggle={(enabled) => set("exclusion", { enabled })}>
        <div className="grid gap-4 sm:grid-cols-3">
          {number("exclusion.maxFailedAttention", t("maxFailed"), q.exclusion.maxFailedAttention, (maxFailedAttention) => set("exclusion", { maxFailedAttention }), t("neverHint"))}
          {number("exclusion.minGoldAccuracy", t("minGold"), q.exclusion.minGoldPercent, (minGoldPercent) => set("exclusion", { minGoldPercent }), t("neverHint"))}
          {number("exclusion.minGoldItems", t("minGoldItems"), q.exclusion.minGoldItems, (minGoldItems) => set("exclusion", { minGoldItems }))}
        </div>
        <RadioGroup
          id={fieldId("exclusion.partialAnswers")}
          name="partialAnswers"
          legend={t("partial")}
          options={[
            { value: "keep" as const, label: t("keep") },
            { value: "discard" as const, label: t("discard") },
          ]}
          value={q.exclusion.partialAnswers}
          onChange={(partialAnswers) => set("exclusion", { partialAnswers })}
        />
      </Part>
    </Collapsible>
  );
}

/** Completion codes per outcome (Prolific and MTurk pay or screen by them). */
export function CompletionCodeFields({ state, update, errors, completionCode }: Props & { completionCode?: string }) {
  const t = useTranslations("console.studies.codes");
  const l = useTranslations("console.studies.labels");
  const codes = state.settings.completionCodes;
  const set = (key: (typeof CODE_KEYS)[number], value: string) => update((s) => withSettings(s, (d) => ({ completionCodes: { ...d.completionCodes, [key]: value } })));
  const given = CODE_KEYS.filter((k) => codes[k].trim());
  return (
    <Collapsible id={fieldId("completionCodes")} title={t("title")} status={given.length ? t("set", { count: String(given.length) }) : t("generated")} defaultOpen={given.length > 0 || errorsUnder(errors, ["completionCodes"])}>
      <p className="text-sm text-muted">{t("intro")}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {CODE_KEYS.map((k) =>
          k === "completed" && completionCode ? (
            <p key={k} className="text-sm">
              {t.rich("fixed", {
                label: l("code.completed"),
                code: completionCode,
                b: (chunks) => <span className="font-medium">{chunks}</span>,
                c: (chunks) => <code>{chunks}</code>,
                muted: (chunks) => <span className="text-muted">{chunks}</span>,
              })}
            </p>
          ) : (
            <Input
              key={k}
              id={fieldId(`completionCodes.${k}`)}
              label={l(`code.${k}`)}
              hint={k === "completed" ? t("randomHint") : undefined}
              value={codes[k]}
              error={errors[`completionCodes.${k}`]}
              spellCheck={false}
              autoCapitalize="characters"
              onChange={(e) => set(k, e.target.value)}
            />
          ),
        )}
      </div>
    </Collapsible>
  );
}
