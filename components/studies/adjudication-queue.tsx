"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { RadioGroup, TextArea } from "@/components/studies/form-controls";
import { TieMarker } from "@/components/studies/vote-cell";
import { api, fieldErrors, type ApiProblem } from "@/lib/http/client";

export interface QueueItem {
  unitId: string;
  ordinal: number;
  title: string | null;
  check: string;
  prompt: string;
  subject: string | null;
  options: { value: string; label: string }[];
  votes: string;
  reason: "tie" | "disagreement";
  /** unique among the listed items: "Unit #3: Incoherent?", with " (2)" when two checks read the same */
  name: string;
}

function ItemForm({ item, index, studyId, onRecorded }: { item: QueueItem; index: number; studyId: string; onRecorded: (text: string) => void }) {
  const t = useTranslations("console.adjudication.queue");
  const [decision, setDecision] = useState("");
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<ApiProblem>();
  const [busy, setBusy] = useState(false);
  const errors = fieldErrors(problem);
  const id = `adj-${index}`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const local: ApiProblem["invalid_params"] = [
      ...(decision ? [] : [{ name: "decision", reason: t("chooseDecision") }]),
      ...(reason.trim().length >= 3 ? [] : [{ name: "reason", reason: t("giveReason") }]),
    ];
    if (local.length) return setProblem({ status: 422, title: t("invalidTitle"), detail: t("invalidDetail"), code: "invalid_input", invalid_params: local });
    setBusy(true);
    const result = await api(`/api/studies/${studyId}/adjudications`, {
      method: "POST",
      json: { unitId: item.unitId, check: item.check, decision, reason: reason.trim() },
    });
    setBusy(false);
    if (!result.ok) return setProblem(result.problem);
    const label = item.options.find((o) => o.value === decision)?.label ?? decision;
    onRecorded(t("recorded", { label, name: item.name }));
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t("formLabel", { name: item.name })} className="space-y-3">
      {problem && !problem.invalid_params && <Alert tone="error">{problem.detail}</Alert>}
      <RadioGroup
        id={`${id}-decision`}
        name={`${id}-decision`}
        legend={t("decision")}
        inline
        options={item.options}
        value={decision}
        error={errors.decision}
        onChange={setDecision}
      />
      <TextArea
        id={`${id}-reason`}
        label={t("reason")}
        hint={t("reasonHint")}
        rows={2}
        required
        value={reason}
        error={errors.reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <Button type="submit" disabled={busy}>
        {busy ? t("recording") : t("record")}
      </Button>
    </form>
  );
}

// Ties and disagreements, one form each. A recorded decision overrides the vote; the queue then
// reloads without the item, and the status line says what was recorded.
export function AdjudicationQueue({ studyId, items, canManage }: { studyId: string; items: QueueItem[]; canManage: boolean }) {
  const router = useRouter();
  const t = useTranslations("console.adjudication.queue");
  const [status, setStatus] = useState("");
  const statusRef = useRef<HTMLDivElement>(null);
  return (
    <div className="space-y-4">
      {/* takes focus after a decision, since the item's form leaves the page */}
      <div ref={statusRef} tabIndex={-1} aria-live="polite" className="outline-none">
        {status && <Alert tone="success">{status}</Alert>}
      </div>
      <ol className="space-y-4">
        {items.map((item, i) => (
          <li key={`${item.unitId}|${item.check}`} className="rounded-card border border-line bg-surface p-4 sm:p-6">
            <h3 className="font-semibold">
              {t("unit", { ordinal: String(item.ordinal) })}
              {item.title && <span className="font-normal text-muted"> · {item.title}</span>}
            </h3>
            <p className="mt-1">
              {item.prompt}
              {item.subject && <span className="text-muted"> “{item.subject}”</span>}
            </p>
            <p className="mt-1 text-sm">
              {t.rich("votes", { votes: item.votes, n: (chunks) => <span className="tabular-nums">{chunks}</span> })}{" "}
              {item.reason === "tie" ? <TieMarker /> : <span className="rounded border border-line px-1.5 text-xs font-semibold">{t("disagreement")}</span>}
            </p>
            {canManage && (
              <div className="mt-4">
                <ItemForm
                  item={item}
                  index={i}
                  studyId={studyId}
                  onRecorded={(text) => {
                    setStatus(text);
                    statusRef.current?.focus();
                    router.refresh();
                  }}
                />
              </div>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
