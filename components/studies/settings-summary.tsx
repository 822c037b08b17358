"use client";

import type { ReactNode } from "react";
import { SummaryRow as Row } from "@/components/studies/form-layout";
import { ConsoleFormKit } from "@/components/studies/form-kit-provider";
import type { StudySettings } from "@/components/studies/form-model";
import { ASSIGNMENT_ORDER_LABELS, CODE_LABELS, ENTRY_MODE_LABELS, KIND_LABELS, LANGUAGE_LABELS, OPTION_ORDER_LABELS, samplingText, UNIT_LABELS } from "@/components/studies/labels";
import { MarkdownPreview } from "@/components/studies/markdown-preview";
import { CODE_KEYS } from "@/components/studies/settings-draft";
import { descriptorOf, type EntryMode, type UnitType } from "@/lib/designs/client";
import { formOf } from "@/lib/designs/forms";

function List({ items, empty }: { items: string[]; empty: string }) {
  return items.length === 0 ? <>{empty}</> : (
    <ul>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

function Grid({ children }: { children: ReactNode }) {
  return <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">{children}</dl>;
}

/** What participants are asked: the part locked after the first response, the design's own part included. */
export function LockedSettingsSummary({ settings }: { settings: StudySettings }) {
  const s = settings.settings;
  const DesignSummary = formOf(settings.design)?.Summary;
  return (
    <ConsoleFormKit>
      <Grid>
        <Row term="Design">{descriptorOf(settings.design)?.label ?? settings.design}</Row>
        <Row term="Unit">{UNIT_LABELS[settings.unitType as UnitType] ?? settings.unitType}</Row>
        <Row term={formOf(settings.design)?.nLabel ?? "Answers per unit"}>{settings.n}</Row>
        <Row term="Tag filter">
          <List items={Object.entries(settings.filter).map(([tag, values]) => `${tag}: ${values.join(", ")}`)} empty="None (the whole dataset)" />
        </Row>
        <Row term="Question kinds">{s.kinds.length === 0 ? "All" : s.kinds.map((k) => KIND_LABELS[k]).join(", ")}</Row>
        <Row term="Sampling">{samplingText(s.sampling)}</Row>
        <Row term="Context view">{s.view ?? "The dataset’s default"}</Row>
        <Row term="Option order">{OPTION_ORDER_LABELS[s.optionOrder]}</Row>
        {s.groups && (
          <Row term="Groups">
            {s.groups.names.map((g) => `${g} (${s.groups!.perUnit[g] ?? 0} per unit)`).join(", ")}; membership from {s.groups.membership.from}
          </Row>
        )}
        {s.stages.length > 0 && <Row term="Stages">{s.stages.map((st) => st.label || st.view).join(", then ")}</Row>}
        {DesignSummary && <DesignSummary config={settings.config} />}
      </Grid>
    </ConsoleFormKit>
  );
}

function qualityItems(s: StudySettings["settings"]): string[] {
  const out: string[] = [];
  if (s.qualification) out.push(`Qualification: ${s.qualification.k} questions, pass at ${Math.round(s.qualification.passThreshold * 100)}%, ${s.qualification.attempts} attempt(s)`);
  if (s.training) out.push(`Training: ${s.training.k} questions`);
  if (s.attention) out.push(`Attention check every ${s.attention.every} units (${s.attention.items.length} items)`);
  if (s.gold) out.push(`Gold item every ${s.gold.every} units`);
  if (s.exclusion) {
    const e = s.exclusion;
    out.push(`Exclusion: ${e.maxFailedAttention === null ? "" : `more than ${e.maxFailedAttention} failed attention checks; `}${e.minGoldAccuracy === null ? "" : `gold accuracy below ${Math.round(e.minGoldAccuracy * 100)}% after ${e.minGoldItems}; `}partial answers ${e.partialAnswers === "keep" ? "kept" : "discarded"}`);
  }
  return out;
}

/** Every setting, read-only (a closed study, or someone who may not change it). */
export function SettingsSummary({ settings, datasetName }: { settings: StudySettings; datasetName: string }) {
  const s = settings.settings;
  // the study's own code is the "completed" one; the others are set per outcome, or fall back to it
  const codes = [`${CODE_LABELS.completed}: ${settings.completionCode}`, ...CODE_KEYS.flatMap((k) => (k !== "completed" && s.completionCodes[k] ? [`${CODE_LABELS[k]}: ${s.completionCodes[k]}`] : []))];
  return (
    <div className="space-y-6">
      <Grid>
        <Row term="Name">{settings.name}</Row>
        <Row term="Dataset">{datasetName}</Row>
        <Row term="Most units per participant">{settings.maxUnitsPerParticipant ?? "No limit"}</Row>
        <Row term="Lease length">{settings.leaseMinutes} minutes</Row>
        <Row term="Entry mode">{ENTRY_MODE_LABELS[settings.entryMode as EntryMode] ?? settings.entryMode}</Row>
        <Row term="Completion URL">{settings.completionUrl ?? "None (participants see the completion code)"}</Row>
        <Row term="Completion codes">
          <List items={codes} empty="" />
        </Row>
        <Row term="Language">
          {LANGUAGE_LABELS[s.language]}
          {s.allowLanguageSwitch ? "; participants may switch" : ""}
        </Row>
        <Row term="Assignment order">{ASSIGNMENT_ORDER_LABELS[s.assignmentOrder]}</Row>
        <Row term="Most units per context">{s.maxUnitsPerContext ?? "No limit"}</Row>
        <Row term="Exposure">
          {s.excludeParticipantsOf.length || s.linkedStudies.length
            ? `Turns away participants of ${s.excludeParticipantsOf.length} studies; no question twice across ${s.linkedStudies.length} linked studies`
            : "No rules"}
        </Row>
        <Row term="Quality control">
          <List items={qualityItems(s)} empty="None" />
        </Row>
        <Row term="Bonus">
          {s.bonus
            ? [`${s.bonus.perValidUnit} per valid unit`, ...(s.bonus.gold ? [`${s.bonus.gold.amount} from ${Math.round(s.bonus.gold.minAccuracy * 100)}% gold accuracy`] : [])].join("; ")
            : "None"}
        </Row>
        <Row term="Consent">
          Version {s.consent.version}
          {s.consent.contact ? `; contact ${s.consent.contact}` : ""}
          {s.consent.expectedMinutes ? `; about ${s.consent.expectedMinutes} minutes` : ""}
        </Row>
      </Grid>
      <LockedSettingsSummary settings={settings} />
      <section aria-labelledby="summary-instructions" className="rounded-control border border-line bg-bg p-4">
        <h3 id="summary-instructions" className="mb-2 text-sm font-medium text-muted">
          Instructions
        </h3>
        <MarkdownPreview source={settings.instructions} />
      </section>
      {s.consent.informationSheet.trim() && (
        <section aria-labelledby="summary-information-sheet" className="rounded-control border border-line bg-bg p-4">
          <h3 id="summary-information-sheet" className="mb-2 text-sm font-medium text-muted">
            Information sheet
          </h3>
          <MarkdownPreview source={s.consent.informationSheet} />
        </section>
      )}
    </div>
  );
}
