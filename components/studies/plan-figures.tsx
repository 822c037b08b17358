"use client";

import { useTranslations } from "next-intl";
import { Section } from "@/components/studies/form-controls";
import { fieldName, toFieldErrors } from "@/components/studies/form-errors";
import { planSpec, type StudyFormState } from "@/components/studies/form-model";
import { formatSeconds } from "@/components/studies/format";
import { optionalInteger } from "@/components/studies/numbers";
import { durationOf, participantsText, planSentence, stratumText } from "@/components/studies/plan-text";
import { usePlan } from "@/components/studies/use-plan";
import { zodInvalidParams } from "@/lib/http/problem";
import { studySpecSchema } from "@/lib/studies/spec";

/** The spec to plan, or why there is none yet (the first problem, in the error summary's words). */
type Translate = ReturnType<typeof useTranslations<"console.studies.plan">>;

function plannable(state: StudyFormState, t: Translate): { spec: object | null; why: string } {
  if (!state.datasetId) return { spec: null, why: t("chooseDataset") };
  const spec = planSpec(state);
  const parsed = studySpecSchema.safeParse(spec);
  if (parsed.success) return { spec, why: "" };
  const [first] = Object.entries(toFieldErrors(zodInvalidParams(parsed.error), state.design));
  return { spec: null, why: first ? t("fixFirst", { field: fieldName(first[0], state.design), reason: first[1] }) : "" };
}

// "The new-study form shows, live, before creation: the number of units for the chosen unit type
// and filter; the answers needed (units × N); the participants needed at the chosen per-person
// limit; a rough duration from the median time per unit once responses exist." New figures are
// announced politely, in one sentence; focus never moves.
export function PlanFigures({ state, medianSeconds }: { state: StudyFormState; medianSeconds: number | null }) {
  const t = useTranslations("console.studies.plan");
  const { spec, why } = plannable(state, t);
  const result = usePlan(spec);
  const plan = result.plan;
  const maxUnits = optionalInteger(state.maxUnits);
  const limit = maxUnits !== null && Number.isFinite(maxUnits) ? maxUnits : null;
  const duration = plan ? durationOf(plan, limit, medianSeconds) : null;
  const k = state.settings.sampling.kind === "stratified" ? state.settings.sampling.k : null;
  const waiting = spec !== null && !result.current;
  return (
    <Section id="study-plan" legend={t("legend")} description={t("description")}>
      <p role="status" aria-atomic="true" className="text-sm font-medium">
        {spec === null ? why : result.problem && result.current ? t("failed", { detail: result.problem.detail }) : plan && result.current ? planSentence(plan, limit, medianSeconds) : ""}
      </p>
      {waiting && <p className="text-sm text-muted">{t("updating")}</p>}
      {plan && spec !== null && (
        // stale figures stay at full contrast; "Updating the figures…" above says they are about to change
        <div aria-busy={waiting || undefined}>
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="font-medium">{t("units")}</dt>
            <dd>
              {plan.units} <span className="text-muted">{t("fromCandidates", { count: String(plan.candidates) })}</span>
            </dd>
            <dt className="font-medium">{t("answers")}</dt>
            <dd>{plan.answers}</dd>
            <dt className="font-medium">{t("participants")}</dt>
            <dd>{participantsText(plan, limit)}</dd>
            <dt className="font-medium">{t("duration")}</dt>
            <dd>
              {duration ? (
                t.rich("about", {
                  total: formatSeconds(duration.total),
                  each: formatSeconds(duration.perParticipant),
                  median: formatSeconds(medianSeconds),
                  muted: (chunks) => <span className="text-muted">{chunks}</span>,
                })
              ) : (
                <span className="text-muted">{t("unknown")}</span>
              )}
            </dd>
            {plan.strata.length > 0 && (
              <>
                <dt className="font-medium">{t("strata")}</dt>
                <dd>{plan.strata.length}</dd>
              </>
            )}
          </dl>
          {plan.shortStrata.length > 0 && (
            <div className="mt-3 rounded-control border border-warning bg-warning-soft px-4 py-3 text-sm">
              <p className="font-medium text-warning">
                {t("short", { count: String(plan.shortStrata.length), plural: plan.shortStrata.length === 1 ? "one" : "other", k: String(k) })}
              </p>
              <ul className="mt-1 list-disc pl-5" aria-label={t("shortLabel")}>
                {plan.shortStrata.map((s) => (
                  <li key={JSON.stringify(s.key)}>
                    {t("shortRow", { stratum: stratumText(s.key), available: String(s.available), k: String(k) })}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </Section>
  );
}
