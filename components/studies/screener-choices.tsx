"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { draftId } from "@/components/studies/draft-id";
import { Input, Select } from "@/components/studies/form-controls";
import { GroupError } from "@/components/studies/form-layout";
import { fieldId, type FieldErrors } from "@/components/studies/form-errors";
import type { GroupsDraft } from "@/components/studies/groups-draft";
import { useFocusAfterRender } from "@/lib/designs/form-kit";

// A whole-study screener's choices, each with the group it puts a participant in (or none: the
// participant is turned away), e.g. "I have read the book" → readers.
export function ScreenerChoices({ g, set, errors }: { g: GroupsDraft; set: (change: (g: GroupsDraft) => Partial<GroupsDraft>) => void; errors: FieldErrors }) {
  const t = useTranslations("console.studies.groupsForm");
  const focusLater = useFocusAfterRender();
  const addId = fieldId("groups-choice-add");
  const names = g.groups.map((x) => x.name.trim()).filter(Boolean);
  return (
    <div className="space-y-3">
      <GroupError name="groups.screener.options" errors={errors} />
      <ul className="space-y-3" aria-label={t("choices")}>
        {g.screenerChoices.map((choice, i) => {
          const n = String(i + 1);
          const change = (patch: Partial<GroupsDraft["screenerChoices"][number]>) => set((now) => ({ screenerChoices: now.screenerChoices.map((x) => (x.id === choice.id ? { ...x, ...patch } : x)) }));
          const offered = [...new Set([...names, ...(choice.group ? [choice.group] : [])])];
          return (
            <li key={choice.id} className="grid gap-3 rounded-control border border-line p-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end">
              <Input id={fieldId(`groups.screener.options.${i}.label`)} label={t("choiceLabel", { n })} value={choice.label} error={errors[`groups.screener.options.${i}.label`]} onChange={(e) => change({ label: e.target.value })} />
              <Select id={fieldId(`groups.screener.options.${i}.group`)} label={t("choiceGroup", { n })} value={choice.group} error={errors[`groups.screener.options.${i}.group`]} onChange={(e) => change({ group: e.target.value })}>
                <option value="">{t("noGroup")}</option>
                {offered.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </Select>
              <Button
                variant="secondary"
                disabled={g.screenerChoices.length <= 2}
                onClick={() => {
                  set((now) => ({ screenerChoices: now.screenerChoices.filter((x) => x.id !== choice.id) }));
                  focusLater(addId);
                }}
              >
                {t("removeChoice", { n })}
              </Button>
            </li>
          );
        })}
      </ul>
      <Button
        id={addId}
        variant="secondary"
        disabled={g.screenerChoices.length >= 20}
        onClick={() => {
          set((now) => ({ screenerChoices: [...now.screenerChoices, { id: draftId("choice"), label: "", group: "" }] }));
          focusLater(fieldId(`groups.screener.options.${g.screenerChoices.length}.label`));
        }}
      >
        {t("addChoice")}
      </Button>
    </div>
  );
}
