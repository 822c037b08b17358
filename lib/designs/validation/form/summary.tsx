"use client";

import { useTranslations } from "next-intl";
import { useFormKit } from "@/lib/designs/form-kit";
import { validationConfigSchema } from "@/lib/designs/validation/config";
import { ANSWER_KEY_HELP, TIE_POLICY_LABELS } from "@/lib/designs/validation/form/labels";

/** The checks and the decision rule, read-only: rows of the settings summary's list. */
export function ValidationSummary({ config }: { config: unknown }) {
  const { SummaryRow: Row } = useFormKit();
  const t = useTranslations("console.designs.validation.summary");
  const parsed = validationConfigSchema.safeParse(config);
  if (!parsed.success) return <Row term={t("checks")}>{t("unreadable")}</Row>;
  const c = parsed.data;
  return (
    <>
      <Row term={t("contextChecks")}>
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
            <p>{c.contextChecks.comment ? t("comment") : t("noComment")}</p>
          </>
        ) : (
          t("off")
        )}
      </Row>
      <Row term={t("answerKey")}>{c.answerKey ? t("on", { help: ANSWER_KEY_HELP }) : t("off")}</Row>
      <Row term={t("labelJudgement")}>
        {c.labelJudgement ? (
          <>
            <p>{c.labelJudgement.prompt}</p>
            <ul className="list-disc pl-5">
              {c.labelJudgement.labels.map((l) => (
                <li key={l.key}>
                  {l.label} <span className="text-muted">({l.key})</span>
                  {l.rejects && <strong>{t("rejects")}</strong>}
                  {l.description && <span className="text-muted"> — {l.description}</span>}
                </li>
              ))}
            </ul>
          </>
        ) : (
          t("off")
        )}
      </Row>
      <Row term={t("tiePolicy")}>{TIE_POLICY_LABELS[c.rule.tiePolicy]}</Row>
      <Row term={t("judge")}>{c.rule.llmJudge ? t("judgeText", { model: c.rule.llmJudge.model }) : t("notUsed")}</Row>
    </>
  );
}
