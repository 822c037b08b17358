"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";

// after the page is read again, how long before asking once more if it is still pending (a large batch of
// answers arrived in between): the chart replaces this component as soon as it is ready
const ASK_AGAIN_MS = 3_000;

/** Agreement over time still being worked out after the page was sent (lib/studies/timeline.ts,
 *  agreementPending). The timeline API waits for that work, or does it, so once it answers the page is
 *  read again and the chart is drawn from the kept sums. */
export function AgreementPending({ studyId, bucket, working, failed }: { studyId: string; bucket: string; working: string; failed: string }) {
  const router = useRouter();
  const [state, setState] = useState<"working" | "failed">("working");
  const [round, setRound] = useState(0);
  useEffect(() => {
    const asked = new AbortController();
    let again: ReturnType<typeof setTimeout> | undefined;
    fetch(`/api/studies/${studyId}/timeline?bucket=${bucket}`, { signal: asked.signal, cache: "no-store" })
      .then((res) => {
        if (!res.ok) return setState("failed");
        router.refresh();
        again = setTimeout(() => setRound((r) => r + 1), ASK_AGAIN_MS);
      })
      .catch(() => asked.signal.aborted || setState("failed"));
    return () => {
      asked.abort();
      clearTimeout(again);
    };
  }, [studyId, bucket, router, round]);
  return (
    <p role="status" className="rounded-card border border-line bg-surface p-4 text-sm text-muted">
      {state === "working" ? working : failed}
    </p>
  );
}
