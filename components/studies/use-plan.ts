"use client";

import { useEffect, useState } from "react";
import type { Plan } from "@/components/studies/plan-text";
import { api, type ApiProblem } from "@/lib/http/client";

export type PlanState = { key: string | null; plan?: Plan; problem?: ApiProblem };

const DEBOUNCE_MS = 500;

/**
 * The planning figures for a spec, asked of POST /api/studies/plan once the researcher pauses
 * typing. A newer spec cancels the call under way, so figures never arrive out of order. The
 * result carries the spec it answers (`key`), so the caller can tell current figures from stale.
 */
export function usePlan(spec: object | null): PlanState & { current: boolean } {
  const key = spec ? JSON.stringify(spec) : null;
  const [state, setState] = useState<PlanState>({ key: null });
  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const result = await api<{ plan: Plan }>("/api/studies/plan", { method: "POST", json: JSON.parse(key) as unknown, signal: controller.signal });
      if (controller.signal.aborted) return;
      setState(result.ok ? { key, plan: result.data.plan } : { key, problem: result.problem });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);
  return { ...state, current: key !== null && state.key === key };
}

/** The study's own median seconds per unit (GET /api/studies/<id>/results), or null. */
export function useMedianSeconds(studyId: string | undefined): number | null {
  const [median, setMedian] = useState<number | null>(null);
  useEffect(() => {
    if (!studyId) return;
    const controller = new AbortController();
    void api<{ progress?: { medianSecondsPerUnit?: number | null } }>(`/api/studies/${studyId}/results`, { signal: controller.signal }).then((r) => {
      if (!controller.signal.aborted && r.ok) setMedian(r.data.progress?.medianSecondsPerUnit ?? null);
    });
    return () => controller.abort();
  }, [studyId]);
  return median;
}
