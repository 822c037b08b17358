import type { ReactNode } from "react";
import type { StudySettings } from "@/components/studies/form-model";
import { ANSWER_KEY_HELP, ENTRY_MODE_LABELS, TIE_POLICY_LABELS, UNIT_LABELS } from "@/components/studies/labels";
import { MarkdownPreview } from "@/components/studies/markdown-preview";
import type { EntryMode } from "@/lib/designs/client";

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

/** What participants are asked and how votes are decided: the part locked after the first response. */
export function LockedSettingsSummary({ settings }: { settings: StudySettings }) {
  const c = settings.config;
  const filter = Object.entries(settings.filter);
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      <Row term="Unit">{UNIT_LABELS[settings.unitType] ?? settings.unitType}</Row>
      <Row term="Annotators per unit">{settings.n}</Row>
      <Row term="Tag filter">
        {filter.length === 0 ? "None (the whole dataset)" : (
          <ul>
            {filter.map(([tag, values]) => (
              <li key={tag}>
                {tag}: {values.join(", ")}
              </li>
            ))}
          </ul>
        )}
      </Row>
      <Row term="Context checks">
        {c.contextChecks ? (
          <>
            <ul className="list-disc pl-5">
              {c.contextChecks.flags.map((f) => (
                <li key={f.key}>
                  {f.label} <span className="text-muted">({f.key})</span>
                  {f.description && <span className="text-muted"> — {f.description}</span>}
                </li>
              ))}
            </ul>
            <p>{c.contextChecks.comment ? "Participants may add a comment." : "No comment box."}</p>
          </>
        ) : "Off"}
      </Row>
      <Row term="Answer-key checks">{c.answerKey ? <>On. {ANSWER_KEY_HELP}</> : "Off"}</Row>
      <Row term="Label judgement">
        {c.labelJudgement ? (
          <>
            <p>{c.labelJudgement.prompt}</p>
            <ul className="list-disc pl-5">
              {c.labelJudgement.labels.map((l) => (
                <li key={l.key}>
                  {l.label} <span className="text-muted">({l.key})</span>
                  {l.rejects && <strong> — rejects the item</strong>}
                  {l.description && <span className="text-muted"> — {l.description}</span>}
                </li>
              ))}
            </ul>
          </>
        ) : "Off"}
      </Row>
      <Row term="Tie policy">{TIE_POLICY_LABELS[c.rule.tiePolicy]}</Row>
      <Row term="LLM judge">{c.rule.llmJudge ? `${c.rule.llmJudge.model} must agree with the human majority` : "Not used"}</Row>
    </dl>
  );
}

/** Every setting, read-only (a closed study). */
export function SettingsSummary({ settings, datasetName }: { settings: StudySettings; datasetName: string }) {
  return (
    <div className="space-y-6">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <Row term="Name">{settings.name}</Row>
        <Row term="Dataset">{datasetName}</Row>
        <Row term="Most units per participant">{settings.maxUnitsPerParticipant ?? "No limit"}</Row>
        <Row term="Lease length">{settings.leaseMinutes} minutes</Row>
        <Row term="Entry mode">{ENTRY_MODE_LABELS[settings.entryMode as EntryMode] ?? settings.entryMode}</Row>
        <Row term="Completion URL">{settings.completionUrl ?? "None (participants see the completion code)"}</Row>
      </dl>
      <LockedSettingsSummary settings={settings} />
      <section aria-labelledby="summary-instructions" className="rounded-control border border-line bg-bg p-4">
        <h3 id="summary-instructions" className="mb-2 text-sm font-medium text-muted">
          Instructions
        </h3>
        <MarkdownPreview source={settings.instructions} />
      </section>
    </div>
  );
}
