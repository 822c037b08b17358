// Each rater's agreement with the majority of the OTHER raters of the same unit, so a rater's own vote never
// props up the majority they are scored against. A unit counts for a rater only when at least 2 others rated
// it and the others have a majority: by default a plurality (one label with more votes than any other; a tie
// for the top is not compared), or with rule "absolute" more than half of the others.
// Assumes one rating per rater and unit (the default encoder refuses repeats).
import { groupByUnit } from "./counts";
import type { CodedRatings } from "./encode";

export interface LeaveOneOut {
  rater: string;
  agree: number;
  compared: number;
  /** agree / compared, or null when nothing could be compared. */
  rate: number | null;
}

export interface LeaveOneOutOptions {
  rule?: "plurality" | "absolute";
}

export function leaveOneOutAgreement(c: CodedRatings, options: LeaveOneOutOptions = {}): LeaveOneOut[] {
  const absolute = options.rule === "absolute";
  const agree = new Int32Array(c.raters.length);
  const compared = new Int32Array(c.raters.length);
  const votes = new Int32Array(c.categories.length);
  const { offset, index } = groupByUnit(c);
  for (let u = 0; u < c.units.length; u++) {
    const from = offset[u]!;
    const to = offset[u + 1]!;
    const others = to - from - 1;
    if (others < 2) continue;
    for (let j = from; j < to; j++) votes[c.label[index[j]!]!]!++;
    for (let j = from; j < to; j++) {
      const own = c.label[index[j]!]!;
      votes[own]!--;
      let top = -1;
      let best = 0;
      let tied = false;
      for (let t = from; t < to; t++) {
        const k = c.label[index[t]!]!;
        if (votes[k]! > best) {
          best = votes[k]!;
          top = k;
          tied = false;
        } else if (votes[k] === best && k !== top) tied = true;
      }
      votes[own]!++;
      const majority = absolute ? 2 * best > others : !tied;
      if (top < 0 || !majority) continue;
      const r = c.rater[index[j]!]!;
      compared[r]!++;
      if (own === top) agree[r]!++;
    }
    for (let j = from; j < to; j++) votes[c.label[index[j]!]!] = 0;
  }
  return c.raters.map((rater, r) => ({ rater, agree: agree[r]!, compared: compared[r]!, rate: compared[r]! > 0 ? agree[r]! / compared[r]! : null }));
}
