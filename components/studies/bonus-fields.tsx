"use client";

import { useTranslations } from "next-intl";
import { Checkbox, Input } from "@/components/studies/form-controls";
import { fieldId, type FieldErrors } from "@/components/studies/form-errors";
import { Collapsible } from "@/components/studies/form-layout";
import { withSettings, type StudyFormState, type Update } from "@/components/studies/form-model";
import type { SettingsDraft } from "@/components/studies/settings-draft";

/** What participants are paid beyond the base reward (the bonus CSV in Prolific's bulk format). */
export function BonusFields({ state, update, errors }: { state: StudyFormState; update: Update; errors: FieldErrors }) {
  const t = useTranslations("console.studies.bonus");
  const b = state.settings.bonus;
  const set = (patch: Partial<SettingsDraft["bonus"]>) => update((s) => withSettings(s, (d) => ({ bonus: { ...d.bonus, ...patch } })));
  const amount = (name: string, label: string, value: string, change: (v: string) => void, hint?: string) => (
    <Input id={fieldId(name)} label={label} hint={hint} type="number" inputMode="decimal" min={0} step="0.01" value={value} error={errors[name]} onChange={(e) => change(e.target.value)} />
  );
  return (
    <Collapsible id={fieldId("bonus")} title={t("title")} status={b.enabled ? t("on") : t("off")} defaultOpen={b.enabled || Object.keys(errors).some((k) => k.startsWith("bonus"))}>
      <Checkbox
        id={fieldId("bonus-enabled")}
        label={t("pay")}
        hint={t("payHint")}
        checked={b.enabled}
        onChange={(e) => set({ enabled: e.target.checked })}
      />
      {b.enabled && (
        <div className="space-y-4 sm:ml-8">
          {amount("bonus.perValidUnit", t("perValidUnit"), b.perValidUnit, (perValidUnit) => set({ perValidUnit }))}
          <Checkbox id={fieldId("bonus.gold")} label={t("gold")} checked={b.gold} onChange={(e) => set({ gold: e.target.checked })} />
          {b.gold && (
            <div className="grid gap-4 sm:ml-8 sm:grid-cols-2">
              {amount("bonus.gold.minAccuracy", t("goldFrom"), b.goldPercent, (goldPercent) => set({ goldPercent }))}
              {amount("bonus.gold.amount", t("goldAmount"), b.goldAmount, (goldAmount) => set({ goldAmount }))}
            </div>
          )}
        </div>
      )}
    </Collapsible>
  );
}
