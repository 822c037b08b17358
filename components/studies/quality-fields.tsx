"use client";

import type { ReactNode } from "react";
import { Checkbox, Input, RadioGroup } from "@/components/studies/form-controls";
import { Collapsible } from "@/components/studies/form-layout";
import { fieldId, type FieldErrors } from "@/components/studies/form-errors";
import { withSettings, type StudyFormState, type Update } from "@/components/studies/form-model";
import { TagFilterEditor, type DatasetTags } from "@/components/studies/filter-fields";
import { ItemsEditor } from "@/components/studies/items-editor";
import { CODE_LABELS } from "@/components/studies/labels";
import { StudyPicker, type StudyOption } from "@/components/studies/exposure-fields";
import type { QualityDraft } from "@/components/studies/quality-draft";
import { CODE_KEYS } from "@/components/studies/settings-draft";

interface Props {
  state: StudyFormState;
  update: Update;
  errors: FieldErrors;
}

type Part = keyof QualityDraft;

const PART_NAMES: Record<Part, string> = {
  qualification: "qualification",
  training: "training",
  attention: "attention checks",
  gold: "gold items",
  exclusion: "exclusion policy",
};

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
  const q = state.settings.quality;
  function set<P extends Part>(part: P, patch: Partial<QualityDraft[P]> | ((now: QualityDraft[P]) => Partial<QualityDraft[P]>)) {
    update((s) =>
      withSettings(s, (d) => {
        const now = d.quality[part];
        return { quality: { ...d.quality, [part]: { ...now, ...(typeof patch === "function" ? patch(now) : patch) } } };
      }),
    );
  }
  const on = (Object.keys(PART_NAMES) as Part[]).filter((p) => q[p].enabled);
  const number = (name: string, label: string, value: string, change: (v: string) => void, hint?: string) => (
    <Input id={fieldId(name)} label={label} hint={hint} type="number" inputMode="decimal" min={0} value={value} error={errors[name]} onChange={(e) => change(e.target.value)} />
  );
  return (
    <Collapsible
      id={fieldId("quality")}
      title="Quality control"
      status={on.length ? on.map((p) => PART_NAMES[p]).join(", ") : "off"}
      defaultOpen={on.length > 0 || errorsUnder(errors, Object.keys(PART_NAMES))}
    >
      <Part id={fieldId("qualification")} label="Qualification" hint="A short test before the task; those below the pass mark are turned away." on={q.qualification.enabled} onToggle={(enabled) => set("qualification", { enabled })}>
        <TagFilterEditor name="qualification.filter" label="Qualification filter" rows={q.qualification.filter} setRows={(c) => set("qualification", (now) => ({ filter: c(now.filter) }))} tags={tags} errors={errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          {number("qualification.k", "Qualification questions", q.qualification.k, (k) => set("qualification", { k }), "Drawn from the questions the filter selects (all, without a filter).")}
          {number("qualification.passThreshold", "Pass mark (% right)", q.qualification.passPercent, (passPercent) => set("qualification", { passPercent }))}
        </div>
        <RadioGroup
          id={fieldId("qualification.attempts")}
          name="qualificationAttempts"
          legend="Attempts"
          inline
          options={[
            { value: "1" as const, label: "One" },
            { value: "2" as const, label: "Two" },
          ]}
          value={q.qualification.attempts}
          onChange={(attempts) => set("qualification", { attempts })}
        />
        <StudyPicker
          name="qualification.sharedWith"
          legend="A pass in these studies also counts here"
          hint="Participants who passed the qualification of a chosen study skip this one’s."
          studies={studies}
          chosen={q.qualification.sharedWith}
          errors={errors}
          onChange={(sharedWith) => set("qualification", { sharedWith })}
        />
      </Part>

      <Part id={fieldId("training")} label="Training" hint="Practice questions with feedback before the task; they do not count." on={q.training.enabled} onToggle={(enabled) => set("training", { enabled })}>
        <TagFilterEditor name="training.filter" label="Training filter" rows={q.training.filter} setRows={(c) => set("training", (now) => ({ filter: c(now.filter) }))} tags={tags} errors={errors} />
        {number("training.k", "Training questions", q.training.k, (k) => set("training", { k }))}
      </Part>

      <Part id={fieldId("attention")} label="Attention checks" hint="Items with an obvious answer, mixed in among the units." on={q.attention.enabled} onToggle={(enabled) => set("attention", { enabled })}>
        {number("attention.every", "One attention check every … units", q.attention.every, (every) => set("attention", { every }))}
        <ItemsEditor name="attention.items" label="Attention check" items={q.attention.items} setItems={(c) => set("attention", (now) => ({ items: c(now.items) }))} errors={errors} max={50} />
      </Part>

      <Part id={fieldId("gold")} label="Gold items" hint="Questions with a known answer, mixed in to measure each participant’s accuracy." on={q.gold.enabled} onToggle={(enabled) => set("gold", { enabled })}>
        <TagFilterEditor name="gold.filter" label="Gold filter" rows={q.gold.filter} setRows={(c) => set("gold", (now) => ({ filter: c(now.filter) }))} tags={tags} errors={errors} />
        {number("gold.every", "One gold item every … units", q.gold.every, (every) => set("gold", { every }))}
      </Part>

      <Part id={fieldId("exclusion")} label="Exclusion policy" hint="Who is excluded; their units reopen, so the study still ends with N valid answers per unit." on={q.exclusion.enabled} onToggle={(enabled) => set("exclusion", { enabled })}>
        <div className="grid gap-4 sm:grid-cols-3">
          {number("exclusion.maxFailedAttention", "Failed attention checks allowed", q.exclusion.maxFailedAttention, (maxFailedAttention) => set("exclusion", { maxFailedAttention }), "Empty: never excluded for this.")}
          {number("exclusion.minGoldAccuracy", "Minimum gold accuracy (%)", q.exclusion.minGoldPercent, (minGoldPercent) => set("exclusion", { minGoldPercent }), "Empty: never excluded for this.")}
          {number("exclusion.minGoldItems", "Gold answers before judging", q.exclusion.minGoldItems, (minGoldItems) => set("exclusion", { minGoldItems }))}
        </div>
        <RadioGroup
          id={fieldId("exclusion.partialAnswers")}
          name="partialAnswers"
          legend="When a participant returns a unit or runs out of time"
          options={[
            { value: "keep" as const, label: "Keep their submitted answers" },
            { value: "discard" as const, label: "Discard their answers" },
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
  const codes = state.settings.completionCodes;
  const set = (key: (typeof CODE_KEYS)[number], value: string) => update((s) => withSettings(s, (d) => ({ completionCodes: { ...d.completionCodes, [key]: value } })));
  const given = CODE_KEYS.filter((k) => codes[k].trim());
  return (
    <Collapsible id={fieldId("completionCodes")} title="Completion codes" status={given.length ? `${given.length} set` : "generated"} defaultOpen={given.length > 0 || errorsUnder(errors, ["completionCodes"])}>
      <p className="text-sm text-muted">The code a participant is shown (or sent back with) for each outcome. Empty: the study’s completion code.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {CODE_KEYS.map((k) =>
          k === "completed" && completionCode ? (
            <p key={k} className="text-sm">
              <span className="font-medium">{CODE_LABELS.completed}:</span> <code>{completionCode}</code> <span className="text-muted">(fixed once the study exists)</span>
            </p>
          ) : (
            <Input
              key={k}
              id={fieldId(`completionCodes.${k}`)}
              label={CODE_LABELS[k]}
              hint={k === "completed" ? "Empty: a random code." : undefined}
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
