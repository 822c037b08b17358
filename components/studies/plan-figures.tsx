"use client";

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
function plannable(state: StudyFormState): { spec: object | null; why: string } {
  if (!state.datasetId) return { spec: null, why: "Choose a dataset to see the figures." };
  const spec = planSpec(state);
  const parsed = studySpecSchema.safeParse(spec);
  if (parsed.success) return { spec, why: "" };
  const [first] = Object.entries(toFieldErrors(zodInvalidParams(parsed.error), state.design));
  return { spec: null, why: first ? `The figures appear once this is fixed: ${fieldName(first[0], state.design)}: ${first[1]}` : "" };
}

// "The new-study form shows, live, before creation: the number of units for the chosen unit type
// and filter; the answers needed (units × N); the participants needed at the chosen per-person
// limit; a rough duration from the median time per unit once responses exist." New figures are
// announced politely, in one sentence; focus never moves.
export function PlanFigures({ state, medianSeconds }: { state: StudyFormState; medianSeconds: number | null }) {
  const { spec, why } = plannable(state);
  const result = usePlan(spec);
  const plan = result.plan;
  const maxUnits = optionalInteger(state.maxUnits);
  const limit = maxUnits !== null && Number.isFinite(maxUnits) ? maxUnits : null;
  const duration = plan ? durationOf(plan, limit, medianSeconds) : null;
  const k = state.settings.sampling.kind === "stratified" ? state.settings.sampling.k : null;
  const waiting = spec !== null && !result.current;
  return (
    <Section id="study-plan" legend="Planning figures" description="Live, as you edit: what the study would be if it were created now.">
      <p role="status" aria-atomic="true" className="text-sm font-medium">
        {spec === null ? why : result.problem && result.current ? `The figures could not be worked out: ${result.problem.detail}` : plan && result.current ? planSentence(plan, limit, medianSeconds) : ""}
      </p>
      {waiting && <p className="text-sm text-muted">Updating the figures…</p>}
      {plan && spec !== null && (
        // stale figures stay at full contrast; "Updating the figures…" above says they are about to change
        <div aria-busy={waiting || undefined}>
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="font-medium">Units</dt>
            <dd>
              {plan.units} <span className="text-muted">(from {plan.candidates} matching questions)</span>
            </dd>
            <dt className="font-medium">Answers needed</dt>
            <dd>{plan.answers}</dd>
            <dt className="font-medium">Participants needed</dt>
            <dd>{participantsText(plan, limit)}</dd>
            <dt className="font-medium">Rough duration</dt>
            <dd>
              {duration ? (
                <>
                  about {formatSeconds(duration.total)} of work in all; about {formatSeconds(duration.perParticipant)} per participant{" "}
                  <span className="text-muted">(from the median time per unit, {formatSeconds(medianSeconds)})</span>
                </>
              ) : (
                <span className="text-muted">Known once responses exist (from the median time per unit).</span>
              )}
            </dd>
            {plan.strata.length > 0 && (
              <>
                <dt className="font-medium">Strata</dt>
                <dd>{plan.strata.length}</dd>
              </>
            )}
          </dl>
          {plan.shortStrata.length > 0 && (
            <div className="mt-3 rounded-control border border-warning bg-warning-soft px-4 py-3 text-sm">
              <p className="font-medium text-warning">
                {plan.shortStrata.length === 1 ? "1 stratum has" : `${plan.shortStrata.length} strata have`} fewer than {k} units:
              </p>
              <ul className="mt-1 list-disc pl-5" aria-label="Short strata">
                {plan.shortStrata.map((s) => (
                  <li key={JSON.stringify(s.key)}>
                    {stratumText(s.key)}: {s.available} of {k}
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
