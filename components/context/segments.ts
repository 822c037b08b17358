import type { Turn } from "@/lib/benchmarks/types";

export interface Segment {
  /** 1-based position among the transcript's segments */
  ordinal: number;
  turns: { turn: Turn; number: number }[];
}

/** Consecutive turns with the same segment value form one segment. */
export function segmentsOf(turns: Turn[]): Segment[] {
  const out: Segment[] = [];
  let last: number | undefined | null = null;
  turns.forEach((turn, i) => {
    if (out.length === 0 || turn.segment !== last) out.push({ ordinal: out.length + 1, turns: [] });
    last = turn.segment;
    out[out.length - 1]!.turns.push({ turn, number: i + 1 });
  });
  return out;
}
