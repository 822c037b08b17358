"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { draftId } from "@/components/studies/draft-id";
import { Checkbox, Input, RadioGroup, Select, TextArea } from "@/components/studies/form-controls";
import { Collapsible, GroupError } from "@/components/studies/form-layout";
import { fieldId, type FieldErrors } from "@/components/studies/form-errors";
import { withSettings, type StudyFormState, type Update } from "@/components/studies/form-model";
import type { GroupsDraft, MembershipKind } from "@/components/studies/groups-draft";
import { ItemsEditor } from "@/components/studies/items-editor";
import { ScreenerChoices } from "@/components/studies/screener-choices";
import type { SettingsDraft, StageDraft } from "@/components/studies/settings-draft";
import { useFocusAfterRender } from "@/lib/designs/form-kit";

interface Props {
  state: StudyFormState;
  update: Update;
  errors: FieldErrors;
}

// labels and hints are keys of console.studies.groupsForm.membership
const MEMBERSHIP: MembershipKind[] = ["url", "url-tag", "screener", "choice", "list"];

function GroupRows({ g, set, errors }: { g: GroupsDraft; set: (change: (g: GroupsDraft) => Partial<GroupsDraft>) => void; errors: FieldErrors }) {
  const t = useTranslations("console.studies.groupsForm");
  const focusLater = useFocusAfterRender();
  const addId = fieldId("groups-add");
  return (
    <div className="space-y-3">
      <GroupError name="groups.names" errors={errors} />
      <GroupError name="groups.perUnit" errors={errors} />
      <ul className="space-y-3" aria-label={t("title")}>
        {g.groups.map((group, i) => {
          const n = i + 1;
          // the server names a count's error by its group's name; until the name is there and
          // unique, the field is named by its place, so no two fields share an id
          const name = group.name.trim();
          const perUnitKey = name && g.groups.filter((x) => x.name.trim() === name).length === 1 ? name : `#${n}`;
          const change = (patch: Partial<GroupsDraft["groups"][number]>) => set((now) => ({ groups: now.groups.map((x) => (x.id === group.id ? { ...x, ...patch } : x)) }));
          return (
            <li key={group.id}>
              <fieldset className="min-w-0 rounded-control border border-line p-3 sm:p-4">
                <legend className="px-1 text-sm font-semibold">{t("groupN", { n: String(n) })}</legend>
                <div className="grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end">
                  <Input id={fieldId(`groups.names.${i}`)} label={t.rich("name", { n: String(n), sr: (chunks) => <span className="sr-only">{chunks}</span> })} value={group.name} error={errors[`groups.names.${i}`]} onChange={(e) => change({ name: e.target.value })} />
                  <Input
                    id={fieldId(`groups.perUnit.${perUnitKey}`)}
                    label={t.rich("perUnit", { n: String(n), sr: (chunks) => <span className="sr-only">{chunks}</span> })}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={50}
                    value={group.perUnit}
                    error={errors[`groups.perUnit.${perUnitKey}`]}
                    onChange={(e) => change({ perUnit: e.target.value })}
                  />
                  <Button
                    variant="secondary"
                    disabled={g.groups.length <= 2}
                    onClick={() => {
                      set((now) => ({ groups: now.groups.filter((x) => x.id !== group.id) }));
                      focusLater(addId);
                    }}
                  >
                    {t("remove", { n: String(n) })}
                  </Button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ul>
      <Button
        id={addId}
        variant="secondary"
        disabled={g.groups.length >= 10}
        onClick={() => {
          set((now) => ({ groups: [...now.groups, { id: draftId("group"), name: "", perUnit: "1" }] }));
          focusLater(fieldId(`groups.names.${g.groups.length}`));
        }}
      >
        {t("add")}
      </Button>
    </div>
  );
}

export function GroupsFields({ state, update, errors }: Props) {
  const t = useTranslations("console.studies.groupsForm");
  const g = state.settings.groups;
  const set = (change: (g: GroupsDraft) => Partial<GroupsDraft>) => update((s) => withSettings(s, (d) => ({ groups: { ...d.groups, ...change(d.groups) } })));
  const perItem = g.membership === "url-tag" || g.membership === "screener";
  return (
    <Collapsible id={fieldId("groups")} title={t("title")} status={g.enabled ? t("count", { count: String(g.groups.length) }) : t("off")} defaultOpen={g.enabled || Object.keys(errors).some((k) => k.startsWith("groups"))}>
      <Checkbox
        id={fieldId("groups-enabled")}
        label={t("enable")}
        hint={t("enableHint")}
        checked={g.enabled}
        onChange={(e) => set(() => ({ enabled: e.target.checked }))}
      />
      {g.enabled && (
        <div className="space-y-4 sm:ml-8">
          <GroupRows g={g} set={set} errors={errors} />
          <Input
            id={fieldId("groups.balanceTolerance")}
            label={t("tolerance")}
            hint={t("toleranceHint")}
            type="number"
            inputMode="numeric"
            min={0}
            value={g.balanceTolerance}
            error={errors["groups.balanceTolerance"]}
            onChange={(e) => set(() => ({ balanceTolerance: e.target.value }))}
          />
          <RadioGroup id={fieldId("groups.membership")} name="membership" legend={t("membership")} options={MEMBERSHIP.map((value) => ({ value, label: t(`membershipKinds.${value}.label`), hint: t(`membershipKinds.${value}.hint`) }))} value={g.membership} onChange={(membership) => set(() => ({ membership }))} />
          {g.membership !== "list" && g.membership !== "choice" && (
            <div className="grid gap-4 sm:grid-cols-2">
              <Input
                id={fieldId("groups.membership.param")}
                label={g.membership === "screener" ? t("answerName") : t("param")}
                hint={g.membership === "screener" ? t("answerNameHint") : t("paramHint")}
                value={g.param}
                error={errors["groups.membership.param"]}
                spellCheck={false}
                onChange={(e) => set(() => ({ param: e.target.value }))}
              />
              {perItem && (
                <Input id={fieldId("groups.membership.tag")} label={t("tag")} hint={t("tagHint")} value={g.tag} error={errors["groups.membership.tag"]} onChange={(e) => set(() => ({ tag: e.target.value }))} />
              )}
            </div>
          )}
          {(g.membership === "screener" || g.membership === "choice") && (
            <div className="grid gap-4 sm:grid-cols-2">
              <Input id={fieldId("groups.screener.prompt")} label={t("screenerPrompt")} value={g.screenerPrompt} error={errors["groups.screener.prompt"]} onChange={(e) => set(() => ({ screenerPrompt: e.target.value }))} />
              <Input id={fieldId("groups.screener.help")} label={t("screenerHelp")} value={g.screenerHelp} error={errors["groups.screener.help"]} onChange={(e) => set(() => ({ screenerHelp: e.target.value }))} />
            </div>
          )}
          {g.membership === "choice" && <ScreenerChoices g={g} set={set} errors={errors} />}
          {g.membership === "list" && (
            <TextArea id={fieldId("groups.list")} label={t("list")} hint={t("listHint")} rows={6} value={g.list} error={errors["groups.list"]} onChange={(e) => set(() => ({ list: e.target.value }))} />
          )}
          {perItem && (
            <div className="space-y-4 border-t border-line pt-4">
              <Checkbox
                id={fieldId("groups.familiarity")}
                label={t("familiarity")}
                hint={t("familiarityHint")}
                checked={g.familiarity}
                onChange={(e) => set(() => ({ familiarity: e.target.checked }))}
              />
              {g.familiarity && (
                <div className="space-y-4 sm:ml-8">
                  <Input
                    id={fieldId("groups.familiarity.passThreshold")}
                    label={t("passMark")}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    max={100}
                    value={g.familiarityPercent}
                    error={errors["groups.familiarity.passThreshold"]}
                    onChange={(e) => set(() => ({ familiarityPercent: e.target.value }))}
                  />
                  <ItemsEditor name="groups.familiarity.items" label={t("familiarityItem")} items={g.familiarityItems} setItems={(c) => set((now) => ({ familiarityItems: c(now.familiarityItems) }))} errors={errors} max={20} tagValue={t("tagValue")} />
                </div>
              )}
            </div>
          )}
        </div>
      )}
    </Collapsible>
  );
}

function StageRow({ index, stage, views, errors, onChange }: { index: 0 | 1; stage: StageDraft; views: string[]; errors: FieldErrors; onChange: (patch: Partial<StageDraft>) => void }) {
  const t = useTranslations("console.studies.stagesForm");
  const n = index + 1;
  const offered = [...new Set([...views, ...(stage.view ? [stage.view] : [])])];
  return (
    <fieldset className="min-w-0 rounded-control border border-line p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold">{index === 0 ? t("first") : t("second")}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <Select id={fieldId(`stages.${index}.view`)} label={t.rich("view", { n: String(n), sr: (chunks) => <span className="sr-only">{chunks}</span> })} value={stage.view} error={errors[`stages.${index}.view`]} onChange={(e) => onChange({ view: e.target.value })}>
          <option value="">{t("chooseView")}</option>
          {offered.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </Select>
        <Input id={fieldId(`stages.${index}.label`)} label={t.rich("label", { n: String(n), sr: (chunks) => <span className="sr-only">{chunks}</span> })} value={stage.label} error={errors[`stages.${index}.label`]} onChange={(e) => onChange({ label: e.target.value })} />
      </div>
    </fieldset>
  );
}

export function StagesFields({ state, update, errors, views }: Props & { views: string[] }) {
  const t = useTranslations("console.studies.stagesForm");
  const st = state.settings.stages;
  const set = (change: (now: SettingsDraft["stages"]) => Partial<SettingsDraft["stages"]>) => update((s) => withSettings(s, (d) => ({ stages: { ...d.stages, ...change(d.stages) } })));
  return (
    <Collapsible id={fieldId("stages")} title={t("title")} status={st.enabled ? t("on") : t("off")} defaultOpen={st.enabled || Object.keys(errors).some((k) => k.startsWith("stages"))}>
      <Checkbox
        id={fieldId("stages-enabled")}
        label={t("enable")}
        hint={t("enableHint")}
        checked={st.enabled}
        onChange={(e) => set(() => ({ enabled: e.target.checked }))}
      />
      {errors.stages && <p className="text-sm font-medium text-danger">{errors.stages}</p>}
      {st.enabled && (
        <div className="space-y-3 sm:ml-8">
          <StageRow index={0} stage={st.first} views={views} errors={errors} onChange={(patch) => set((now) => ({ first: { ...now.first, ...patch } }))} />
          <StageRow index={1} stage={st.second} views={views} errors={errors} onChange={(patch) => set((now) => ({ second: { ...now.second, ...patch } }))} />
        </div>
      )}
    </Collapsible>
  );
}
