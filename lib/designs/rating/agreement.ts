import type { AgreementFigures } from "@/lib/designs/types";
import { scalePoints, type Scale } from "@/lib/designs/rating/config";
import { agreementSummary, encodeRatings, icc } from "@/lib/metrics";

// Agreement among raters on the score. Krippendorff's α at the interval level (scores are
// numbers; raters differ from answer to answer, and α takes that and missing ratings in its
// stride), the nominal figures beside it, and the ICC: one-way random, ICC(1,1) for one rater and
// ICC(1,k) for the mean of k, because each answer has its own raters (Shrout & Fleiss 1979). The
// ICC needs a full table, so it uses the answers with all N ratings, each answer's first N
// ratings (in submission order) as the columns.

export interface IccFigures {
  form: "1,1";
  single: number | null;
  average: number | null;
  answers: number;
  raters: number;
  notes: string[];
}

export function scoreAgreement(
  scale: Scale,
  n: number,
  ratings: readonly { unitId: string; participantId: string; score: number }[],
): { agreement: { check: string; label: string; figures: AgreementFigures }[]; icc: IccFigures } {
  const coded = encodeRatings(
    ratings.map((r) => ({ unit: r.unitId, rater: r.participantId, label: r.score })),
    scalePoints(scale),
  );
  const s = agreementSummary(coded, "interval");
  const figures: AgreementFigures = {
    items: s.units,
    ratings: s.ratings,
    fleissKappa: s.fleissKappa.value,
    krippendorffAlpha: s.krippendorffAlpha.value,
    percentAgreement: s.percentAgreement.value,
    gwetAC1: s.gwetAC1.value,
    notes: s.notes.filter((x) => !x.startsWith("Cohen's κ") && !x.startsWith("weighted κ")),
  };

  const byUnit = new Map<string, number[]>();
  for (const r of ratings) byUnit.set(r.unitId, [...(byUnit.get(r.unitId) ?? []), r.score]);
  const rows = [...byUnit.values()].filter((scores) => scores.length >= n).map((scores) => scores.slice(0, n));
  const single = icc(rows, "1,1");
  const average = icc(rows, "1,k");
  return {
    agreement: [{ check: "score", label: "Score (Krippendorff's α at the interval level)", figures }],
    icc: {
      form: "1,1",
      single: single.value,
      average: average.value,
      answers: rows.length,
      raters: n,
      notes: single.value === null ? [`ICC: ${single.reason}`] : [],
    },
  };
}
