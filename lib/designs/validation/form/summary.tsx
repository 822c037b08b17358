"use client";

import { useFormKit } from "@/lib/designs/form-kit";
import { validationConfigSchema } from "@/lib/designs/validation/config";
import { ANSWER_KEY_HELP, TIE_POLICY_LABELS } from "@/lib/designs/validation/form/labels";

/** The checks and the decision rule, read-only: rows of the settings summary's list. */
export function ValidationSummary({ config }: { config: unknown }) {
  const { SummaryRow: Row } = useFormKit();
  const parsed = validationConfigSchema.safeParse(config);
  if (!parsed.success) return <Row term="Checks">Unreadable configuration</Row>;
  const c = parsed.data;
  return (
    <>
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
        ) : (
          "Off"
        )}
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
        ) : (
          "Off"
        )}
      </Row>
      <Row term="Tie policy">{TIE_POLICY_LABELS[c.rule.tiePolicy]}</Row>
      <Row term="LLM judge">{c.rule.llmJudge ? `${c.rule.llmJudge.model} must agree with the human majority` : "Not used"}</Row>
    </>
  );
}
