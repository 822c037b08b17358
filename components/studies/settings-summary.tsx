"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { SummaryRow as Row } from "@/components/studies/form-layout";
import { ConsoleFormKit } from "@/components/studies/form-kit-provider";
import type { StudySettings } from "@/components/studies/form-model";
import { samplingText } from "@/components/studies/labels";
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
  const t = useTranslations("console.studies.summary");
  const l = useTranslations("console.studies.labels");
  const s = settings.settings;
  const DesignSummary = formOf(settings.design)?.Summary;
  return (
    <ConsoleFormKit>
      <Grid>
        <Row term={t("design")}>{descriptorOf(settings.design)?.label ?? settings.design}</Row>
        <Row term={t("unit")}>{l.has(`unit.${settings.unitType as UnitType}`) ? l(`unit.${settings.unitType as UnitType}`) : settings.unitType}</Row>
        <Row term={formOf(settings.design)?.nLabel ?? t("n")}>{settings.n}</Row>
        <Row term={t("filter")}>
          <List items={Object.entries(settings.filter).map(([tag, values]) => `${tag}: ${values.join(", ")}`)} empty={t("noFilter")} />
        </Row>
        <Row term={t("kinds")}>{s.kinds.length === 0 ? t("allKinds") : s.kinds.map((k) => l(`kind.${k}`)).join(", ")}</Row>
        <Row term={t("sampling")}>{samplingText(s.sampling, l)}</Row>
        <Row term={t("view")}>{s.view ?? t("defaultView")}</Row>
        <Row term={t("optionOrder")}>{l(`optionOrder.${s.optionOrder}`)}</Row>
        {s.groups && (
          <Row term={t("groups")}>
            {t("groupsText", {
              groups: s.groups.names.map((g) => t("groupPerUnit", { group: g, n: String(s.groups!.perUnit[g] ?? 0) })).join(", "),
              from: s.groups.membership.from,
            })}
          </Row>
        )}
        {s.stages.length > 0 && <Row term={t("stages")}>{s.stages.map((st) => st.label || st.view).join(t("then"))}</Row>}
        {DesignSummary && <DesignSummary config={settings.config} />}
      </Grid>
    </ConsoleFormKit>
  );
}

type Translate = ReturnType<typeof useTranslations<"console.studies.summary">>;

function qualityItems(s: StudySettings["settings"], t: Translate): string[] {
  const out: string[] = [];
  if (s.qualification) {
    out.push(t("qualification", { k: String(s.qualification.k), pass: String(Math.round(s.qualification.passThreshold * 100)), attempts: String(s.qualification.attempts) }));
  }
  if (s.training) out.push(t("training", { k: String(s.training.k) }));
  if (s.attention) out.push(t("attention", { every: String(s.attention.every), items: String(s.attention.items.length) }));
  if (s.gold) out.push(t("gold", { every: String(s.gold.every) }));
  if (s.exclusion) {
    const e = s.exclusion;
    out.push(
      t("exclusion", {
        attention: e.maxFailedAttention === null ? "" : t("exclusionAttention", { max: String(e.maxFailedAttention) }),
        gold: e.minGoldAccuracy === null ? "" : t("exclusionGold", { min: String(Math.round(e.minGoldAccuracy * 100)), items: String(e.minGoldItems) }),
        partial: e.partialAnswers,
      }),
    );
  }
  return out;
}

/** Every setting, read-only (a closed study, or someone who may not change it). */
export function SettingsSummary({ settings, datasetName }: { settings: StudySettings; datasetName: string }) {
  const t = useTranslations("console.studies.summary");
  const l = useTranslations("console.studies.labels");
  const s = settings.settings;
  // the study's own code is the "completed" one; the others are set per outcome, or fall back to it
  const codes = [`${l("code.completed")}: ${settings.completionCode}`, ...CODE_KEYS.flatMap((k) => (k !== "completed" && s.completionCodes[k] ? [`${l(`code.${k}`)}: ${s.completionCodes[k]}`] : []))];
  return (
    <div className="space-y-6">
      <Grid>
        <Row term={t("name")}>{settings.name}</Row>
        <Row term={t("dataset")}>{datasetName}</Row>
        <Row term={t("maxUnits")}>{settings.maxUnitsPerParticipant ?? t("noLimit")}</Row>
        <Row term={t("lease")}>{t("minutes", { n: String(settings.leaseMinutes) })}</Row>
        <Row term={t("entryMode")}>{l.has(`entryMode.${settings.entryMode as EntryMode}`) ? l(`entryMode.${settings.entryMode as EntryMode}`) : settings.entryMode}</Row>
        <Row term={t("completionUrl")}>{settings.completionUrl ?? t("noCompletionUrl")}</Row>
        <Row term={t("codes")}>
          <List items={codes} empty="" />
        </Row>
        <Row term={t("language")}>
          {l(`language.${s.language}`)}
          {s.allowLanguageSwitch ? t("maySwitch") : ""}
        </Row>
        <Row term={t("order")}>{l(`assignmentOrder.${s.assignmentOrder}`)}</Row>
        <Row term={t("perContext")}>{s.maxUnitsPerContext ?? t("noLimit")}</Row>
        <Row term={t("exposure")}>
          {s.excludeParticipantsOf.length || s.linkedStudies.length
            ? t("exposureText", { excluded: String(s.excludeParticipantsOf.length), linked: String(s.linkedStudies.length) })
            : t("noRules")}
        </Row>
        <Row term={t("quality")}>
          <List items={qualityItems(s, t)} empty={t("none")} />
        </Row>
        <Row term={t("bonus")}>
          {s.bonus
            ? [
                t("perValidUnit", { amount: String(s.bonus.perValidUnit) }),
                ...(s.bonus.gold ? [t("goldBonus", { amount: String(s.bonus.gold.amount), min: String(Math.round(s.bonus.gold.minAccuracy * 100)) })] : []),
              ].join("; ")
            : t("none")}
        </Row>
        <Row term={t("consent")}>
          {t("consentVersion", { version: s.consent.version })}
          {s.consent.contact ? t("contact", { contact: s.consent.contact }) : ""}
          {s.consent.expectedMinutes ? t("about", { minutes: String(s.consent.expectedMinutes) }) : ""}
        </Row>
      </Grid>
      <LockedSettingsSummary settings={settings} />
      <section aria-labelledby="summary-instructions" className="rounded-control border border-line bg-bg p-4">
        <h3 id="summary-instructions" className="mb-2 text-sm font-medium text-muted">
          {t("instructions")}
        </h3>
        <MarkdownPreview source={settings.instructions} />
      </section>
      {s.consent.informationSheet.trim() && (
        <section aria-labelledby="summary-information-sheet" className="rounded-control border border-line bg-bg p-4">
          <h3 id="summary-information-sheet" className="mb-2 text-sm font-medium text-muted">
            {t("sheet")}
          </h3>
          <MarkdownPreview source={s.consent.informationSheet} />
        </section>
      )}
    </div>
  );
}
