import Link from "next/link";
import { DataTable } from "@/components/charts/data-table";
import { percent } from "@/components/charts/describe";
import { formatSeconds } from "@/components/studies/format";
import type { BaselineResults } from "@/lib/designs";

/** The overview shows this many participants; the participants tab pages through all of them. */
export const PARTICIPANTS_SHOWN = 50;

export function BaselineParticipants({ studyId, rows }: { studyId: string; rows: BaselineResults["byParticipant"] }) {
  const shown = rows.slice(0, PARTICIPANTS_SHOWN);
  return (
    <section aria-labelledby="per-participant-heading" className="space-y-2 rounded-card border border-line bg-surface p-4">
      <h3 id="per-participant-heading" className="font-semibold">
        Per participant{rows.length > shown.length ? ` (the first ${shown.length})` : ""}
      </h3>
      {shown.length === 0 ? (
        <p className="text-sm text-muted">No answers yet.</p>
      ) : (
        <div className="relative overflow-x-auto">
          <DataTable
            caption="Accuracy per participant"
            columns={["Participant", "Units", "Scored answers", "Correct", "Accuracy", "Median time per unit"]}
            rows={shown.map((p) => [p.participant, p.units, p.n, p.correct, percent(p.accuracy), formatSeconds(p.medianSeconds)])}
          />
        </div>
      )}
      <p className="text-sm">
        <Link href={`/studies/${studyId}/participants`} className="text-primary underline underline-offset-2">
          All participants
        </Link>
      </p>
    </section>
  );
}
