"use client";

import { useTranslations } from "next-intl";
import { useFocusAfterRender, useFormKit, type FieldErrors } from "@/lib/designs/form-kit";
import { ANSWER_TYPES, type AnswerType } from "@/lib/designs/checklist/config";
import { blankChecklist, blankCriterion, reprompt, retitle, type ChecklistDraft, type ChecklistFormDraft, type CommentAsked, type CriterionDraft } from "@/lib/designs/checklist/form-model";

type Update = (change: (d: ChecklistFormDraft) => ChecklistFormDraft) => void;

// answer types and comment choices are named by keys of console.designs.checklist (answers, comments)
const COMMENT_CHOICES: CommentAsked[] = ["optional", "required", "none"];

function CriterionRow({ list, li, criterion, ci, errors, update, onRemoved }: {
  list: ChecklistDraft;
  li: number;
  criterion: CriterionDraft;
  ci: number;
  errors: FieldErrors;
  update: Update;
  onRemoved: () => void;
}) {
  const { Button, Input, Select, fieldId } = useFormKit();
  const t = useTranslations("console.designs.checklist");
  const base = `config.checklists.${li}.criteria.${ci}`;
  const name = t("criterionName", { list: String(li + 1), criterion: String(ci + 1) });
  const prefix = <span className="sr-only">{name} </span>;
  const set = (change: (c: CriterionDraft) => CriterionDraft) =>
    update((d) => ({ ...d, checklists: d.checklists.map((c) => (c.id === list.id ? { ...c, criteria: c.criteria.map((x) => (x.id === criterion.id ? change(x) : x)) } : c)) }));
  return (
    <li>
      <fieldset className="min-w-0 space-y-3 rounded-control border border-line p-3">
        <legend className="px-1 text-sm font-semibold">{t("criterionN", { n: String(ci + 1) })}</legend>
        <Input id={fieldId(`${base}.prompt`)} label={<>{prefix}{t("question")}</>} value={criterion.prompt} error={errors[`${base}.prompt`]} onChange={(e) => set((c) => reprompt(c, e.target.value))} />
        <div className="grid gap-3 sm:grid-cols-3">
          <Input
            id={fieldId(`${base}.key`)}
            label={<>{prefix}{t("key")}</>}
            value={criterion.key}
            error={errors[`${base}.key`]}
            spellCheck={false}
            autoCapitalize="off"
            onChange={(e) => set((c) => ({ ...c, key: e.target.value, keyEdited: true }))}
          />
          <Select id={fieldId(`${base}.answer`)} label={<>{prefix}{t("answer")}</>} value={criterion.answer} onChange={(e) => set((c) => ({ ...c, answer: e.target.value as AnswerType }))}>
            {ANSWER_TYPES.map((a) => (
              <option key={a} value={a}>
                {t(`answers.${a}`)}
              </option>
            ))}
          </Select>
          <Select id={fieldId(`${base}.comment`)} label={<>{prefix}{t("commentLabel")}</>} value={criterion.comment} onChange={(e) => set((c) => ({ ...c, comment: e.target.value as CommentAsked }))}>
            {COMMENT_CHOICES.map((c) => (
              <option key={c} value={c}>
                {t(`comments.${c}`)}
              </option>
            ))}
          </Select>
        </div>
        <Input id={fieldId(`${base}.help`)} label={<>{prefix}{t("help")}</>} value={criterion.help} error={errors[`${base}.help`]} onChange={(e) => set((c) => ({ ...c, help: e.target.value }))} />
        <Button
          variant="secondary"
          disabled={list.criteria.length <= 1}
          onClick={() => {
            update((d) => ({ ...d, checklists: d.checklists.map((c) => (c.id === list.id ? { ...c, criteria: c.criteria.filter((x) => x.id !== criterion.id) } : c)) }));
            onRemoved();
          }}
        >
          {t.rich("removeCriterion", { n: String(ci + 1), list: String(li + 1), sr: (chunks) => <span className="sr-only">{chunks}</span> })}
        </Button>
      </fieldset>
    </li>
  );
}

function ChecklistRow({ list, li, count, errors, update, onRemoved }: {
  list: ChecklistDraft;
  li: number;
  count: number;
  errors: FieldErrors;
  update: Update;
  onRemoved: () => void;
}) {
  const { Button, GroupError, Input, fieldId } = useFormKit();
  const t = useTranslations("console.designs.checklist");
  const focusLater = useFocusAfterRender();
  const base = `config.checklists.${li}`;
  const prefix = <span className="sr-only">{t("prefix", { n: String(li + 1) })}</span>;
  const addId = fieldId(`${base}-add-criterion`);
  const set = (change: (c: ChecklistDraft) => ChecklistDraft) => update((d) => ({ ...d, checklists: d.checklists.map((c) => (c.id === list.id ? change(c) : c)) }));
  return (
    <li>
      <fieldset className="min-w-0 space-y-3 rounded-control border border-line p-3 sm:p-4">
        <legend className="px-1 text-sm font-semibold">{t("checklistN", { n: String(li + 1) })}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <Input id={fieldId(`${base}.title`)} label={<>{prefix}{t("title")}</>} value={list.title} error={errors[`${base}.title`]} onChange={(e) => set((c) => retitle(c, e.target.value))} />
          <Input
            id={fieldId(`${base}.key`)}
            label={<>{prefix}{t("key")}</>}
            hint={t("keyHint")}
            value={list.key}
            error={errors[`${base}.key`]}
            spellCheck={false}
            autoCapitalize="off"
            onChange={(e) => set((c) => ({ ...c, key: e.target.value, keyEdited: true }))}
          />
        </div>
        <GroupError name={`${base}.criteria`} errors={errors} />
        <ul className="space-y-3" aria-label={t("criteriaOf", { n: String(li + 1) })}>
          {list.criteria.map((criterion, ci) => (
            <CriterionRow key={criterion.id} list={list} li={li} criterion={criterion} ci={ci} errors={errors} update={update} onRemoved={() => focusLater(addId)} />
          ))}
        </ul>
        <div className="flex flex-wrap gap-3">
          <Button
            id={addId}
            variant="secondary"
            disabled={list.criteria.length >= 30}
            onClick={() => {
              update((d) => ({ ...d, seq: d.seq + 1, checklists: d.checklists.map((c) => (c.id === list.id ? { ...c, criteria: [...c.criteria, blankCriterion(`criterion-${d.seq}`)] } : c)) }));
              focusLater(fieldId(`${base}.criteria.${list.criteria.length}.prompt`));
            }}
          >
            {t.rich("addCriterion", { n: String(li + 1), sr: (chunks) => <span className="sr-only">{chunks}</span> })}
          </Button>
          <Button
            variant="secondary"
            disabled={count <= 1}
            onClick={() => {
              update((d) => ({ ...d, checklists: d.checklists.filter((c) => c.id !== list.id) }));
              onRemoved();
            }}
          >
            {t("removeChecklist", { n: String(li + 1) })}
            <span className="sr-only"> ({list.title || t("untitled")})</span>
          </Button>
        </div>
      </fieldset>
    </li>
  );
}

export function ChecklistEditor({ draft, update, errors }: { draft: ChecklistFormDraft; update: Update; errors: FieldErrors }) {
  const { Button, GroupError, fieldId } = useFormKit();
  const t = useTranslations("console.designs.checklist");
  const focusLater = useFocusAfterRender();
  const addId = fieldId("config-add-checklist");
  return (
    <div className="space-y-3">
      <GroupError name="config.checklists" errors={errors} />
      <ul className="space-y-3" aria-label={t("legend")}>
        {draft.checklists.map((list, li) => (
          <ChecklistRow key={list.id} list={list} li={li} count={draft.checklists.length} errors={errors} update={update} onRemoved={() => focusLater(addId)} />
        ))}
      </ul>
      <Button
        id={addId}
        variant="secondary"
        disabled={draft.checklists.length >= 10}
        onClick={() => {
          update((d) => ({ ...d, seq: d.seq + 2, checklists: [...d.checklists, blankChecklist(`checklist-${d.seq}`, `criterion-${d.seq + 1}`)] }));
          focusLater(fieldId(`config.checklists.${draft.checklists.length}.title`));
        }}
      >
        {t("addChecklist")}
      </Button>
    </div>
  );
}
