"use client";

import { Button } from "@/components/ui/button";
import { draftId } from "@/components/studies/draft-id";
import { Checkbox, Input, RadioGroup, Select, TextArea } from "@/components/studies/form-controls";
import { Collapsible, GroupError } from "@/components/studies/form-layout";
import { fieldId, type FieldErrors } from "@/components/studies/form-errors";
import { withSettings, type StudyFormState, type Update } from "@/components/studies/form-model";
import type { GroupsDraft, MembershipKind } from "@/components/studies/groups-draft";
import { ItemsEditor } from "@/components/studies/items-editor";
import type { SettingsDraft, StageDraft } from "@/components/studies/settings-draft";
import { useFocusAfterRender } from "@/lib/designs/form-kit";

interface Props {
  state: StudyFormState;
  update: Update;
  errors: FieldErrors;
}

const MEMBERSHIP: { value: MembershipKind; label: string; hint: string }[] = [
  { value: "url", label: "A URL parameter names the group", hint: "E.g. …/s/CODE?group=readers: the parameter’s value is the group." },
  { value: "url-tag", label: "Per item, from a URL parameter", hint: "The parameter lists the tag values (e.g. books) the participant knows; they are in the first group for those items, the second for the rest." },
  { value: "screener", label: "Per item, from a screener question", hint: "As above, but the participant picks the values they know on a screener page." },
  { value: "list", label: "From an uploaded list", hint: "External id (e.g. Prolific id) and group, one per line." },
];

function GroupRows({ g, set, errors }: { g: GroupsDraft; set: (change: (g: GroupsDraft) => Partial<GroupsDraft>) => void; errors: FieldErrors }) {
  const focusLater = useFocusAfterRender();
  const addId = fieldId("groups-add");
  return (
    <div className="space-y-3">
      <GroupError name="groups.names" errors={errors} />
      <GroupError name="groups.perUnit" errors={errors} />
      <ul className="space-y-3" aria-label="Groups">
        {g.groups.map((group, i) => {
          const n = i + 1;
          const change = (patch: Partial<GroupsDraft["groups"][number]>) => set((now) => ({ groups: now.groups.map((x) => (x.id === group.id ? { ...x, ...patch } : x)) }));
          return (
            <li key={group.id}>
              <fieldset className="min-w-0 rounded-control border border-line p-3 sm:p-4">
                <legend className="px-1 text-sm font-semibold">Group {n}</legend>
                <div className="grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end">
                  <Input id={fieldId(`groups.names.${i}`)} label={<><span className="sr-only">Group {n} </span>Name</>} value={group.name} error={errors[`groups.names.${i}`]} onChange={(e) => change({ name: e.target.value })} />
                  <Input
                    id={fieldId(`groups.perUnit.${group.name.trim()}`)}
                    label={<><span className="sr-only">Group {n} </span>Answers per unit</>}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={50}
                    value={group.perUnit}
                    error={errors[`groups.perUnit.${group.name.trim()}`]}
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
                    Remove group {n}
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
        Add group
      </Button>
    </div>
  );
}

export function GroupsFields({ state, update, errors }: Props) {
  const g = state.settings.groups;
  const set = (change: (g: GroupsDraft) => Partial<GroupsDraft>) => update((s) => withSettings(s, (d) => ({ groups: { ...d.groups, ...change(d.groups) } })));
  const perItem = g.membership === "url-tag" || g.membership === "screener";
  return (
    <Collapsible id={fieldId("groups")} title="Groups" status={g.enabled ? `${g.groups.length} groups` : "off"} defaultOpen={g.enabled || Object.keys(errors).some((k) => k.startsWith("groups"))}>
      <Checkbox
        id={fieldId("groups-enabled")}
        label="Compare groups of participants"
        hint="E.g. CharToM-QA: one reader and one non-reader of the book per question. Each group gets its own quota per unit, and N is their sum."
        checked={g.enabled}
        onChange={(e) => set(() => ({ enabled: e.target.checked }))}
      />
      {g.enabled && (
        <div className="space-y-4 sm:ml-8">
          <GroupRows g={g} set={set} errors={errors} />
          <Input
            id={fieldId("groups.balanceTolerance")}
            label="Balance tolerance"
            hint="How far apart the groups’ numbers of answered units may drift while a study runs."
            type="number"
            inputMode="numeric"
            min={0}
            value={g.balanceTolerance}
            error={errors["groups.balanceTolerance"]}
            onChange={(e) => set(() => ({ balanceTolerance: e.target.value }))}
          />
          <RadioGroup id={fieldId("groups.membership")} name="membership" legend="How a participant’s group is known" options={MEMBERSHIP} value={g.membership} onChange={(membership) => set(() => ({ membership }))} />
          {g.membership !== "list" && (
            <div className="grid gap-4 sm:grid-cols-2">
              <Input
                id={fieldId("groups.membership.param")}
                label={g.membership === "screener" ? "Name of the answer" : "URL parameter"}
                hint={g.membership === "screener" ? "Names the screener’s answer in exports." : "Letters, digits and _, e.g. group."}
                value={g.param}
                error={errors["groups.membership.param"]}
                spellCheck={false}
                onChange={(e) => set(() => ({ param: e.target.value }))}
              />
              {perItem && (
                <Input id={fieldId("groups.membership.tag")} label="Tag" hint="The question tag whose values participants know or not, e.g. book." value={g.tag} error={errors["groups.membership.tag"]} onChange={(e) => set(() => ({ tag: e.target.value }))} />
              )}
            </div>
          )}
          {g.membership === "screener" && (
            <div className="grid gap-4 sm:grid-cols-2">
              <Input id={fieldId("groups.screener.prompt")} label="Screener question" value={g.screenerPrompt} error={errors["groups.screener.prompt"]} onChange={(e) => set(() => ({ screenerPrompt: e.target.value }))} />
              <Input id={fieldId("groups.screener.help")} label="Screener help (optional)" value={g.screenerHelp} error={errors["groups.screener.help"]} onChange={(e) => set(() => ({ screenerHelp: e.target.value }))} />
            </div>
          )}
          {g.membership === "list" && (
            <TextArea id={fieldId("groups.list")} label="Group list" hint="One participant per line: external id, group name." rows={6} value={g.list} error={errors["groups.list"]} onChange={(e) => set(() => ({ list: e.target.value }))} />
          )}
          {perItem && (
            <div className="space-y-4 border-t border-line pt-4">
              <Checkbox
                id={fieldId("groups.familiarity")}
                label="Check familiarity"
                hint="Questions a member of the first group should answer right; failing them makes the participant count as the second group."
                checked={g.familiarity}
                onChange={(e) => set(() => ({ familiarity: e.target.checked }))}
              />
              {g.familiarity && (
                <div className="space-y-4 sm:ml-8">
                  <Input
                    id={fieldId("groups.familiarity.passThreshold")}
                    label="Pass mark (% right)"
                    type="number"
                    inputMode="decimal"
                    min={0}
                    max={100}
                    value={g.familiarityPercent}
                    error={errors["groups.familiarity.passThreshold"]}
                    onChange={(e) => set(() => ({ familiarityPercent: e.target.value }))}
                  />
                  <ItemsEditor name="groups.familiarity.items" label="Familiarity question" items={g.familiarityItems} setItems={(c) => set((now) => ({ familiarityItems: c(now.familiarityItems) }))} errors={errors} max={20} tagValue="Tag value" />
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
  const n = index + 1;
  const offered = [...new Set([...views, ...(stage.view ? [stage.view] : [])])];
  return (
    <fieldset className="min-w-0 rounded-control border border-line p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold">{index === 0 ? "Stage 1: answer" : "Stage 2: reveal and revise"}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <Select id={fieldId(`stages.${index}.view`)} label={<><span className="sr-only">Stage {n} </span>Context view</>} value={stage.view} error={errors[`stages.${index}.view`]} onChange={(e) => onChange({ view: e.target.value })}>
          <option value="">Choose a view…</option>
          {offered.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </Select>
        <Input id={fieldId(`stages.${index}.label`)} label={<><span className="sr-only">Stage {n} </span>Label (optional)</>} value={stage.label} error={errors[`stages.${index}.label`]} onChange={(e) => onChange({ label: e.target.value })} />
      </div>
    </fieldset>
  );
}

export function StagesFields({ state, update, errors, views }: Props & { views: string[] }) {
  const st = state.settings.stages;
  const set = (change: (now: SettingsDraft["stages"]) => Partial<SettingsDraft["stages"]>) => update((s) => withSettings(s, (d) => ({ stages: { ...d.stages, ...change(d.stages) } })));
  return (
    <Collapsible id={fieldId("stages")} title="Stages" status={st.enabled ? "answer, then revise" : "off"} defaultOpen={st.enabled || Object.keys(errors).some((k) => k.startsWith("stages"))}>
      <Checkbox
        id={fieldId("stages-enabled")}
        label="Answer, then reveal more context and revise"
        hint="E.g. CharToM-QA: answer with the short window (c0), then see the long one (c2000) and revise. The later view never reaches the browser before the first answer is stored."
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
