"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";

/** Agreement over time still being worked out after the page was sent (lib/studies/timeline.ts,
 *  agreementPending). The timeline API waits for that work, or does it, so once it answers the page is
 *  read again and the chart is drawn from the kept sums. */
export function AgreementPending({ studyId, bucket, working, failed }: { studyId: string; bucket: string; working: string; failed: string }) {
  const router = useRouter();
  const [state, setState] = useState<"working" | "failed">("working");
  useEffect(() => {
    const asked = new AbortController();
    fetch(`/api/studies/${studyId}/timeline?bucket=${bucket}`, { signal: asked.signal, cache: "no-store" })
      .then((res) => (res.ok ? router.refresh() : setState("failed")))
      .catch(() => asked.signal.aborted || setState("failed"));
    return () => asked.abort();
  }, [studyId, bucket, router]);
  return (
    <p role="status" className="rounded-card border border-line bg-surface p-4 text-sm text-muted">
      {state === "working" ? working : failed}
    </p>
  );
}
