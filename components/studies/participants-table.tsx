import { formatSeconds, formatShare } from "@/components/studies/format";
import type { DesignResults as StudyResults } from "@/lib/designs";

const th = "px-3 py-2 font-medium";
const td = "px-3 py-2";

// Per participant: units done, median time, and agreement with the majority.
export function ParticipantsTable({ participants, caption }: { participants: StudyResults["participants"]; caption: string }) {
  return (
    <>
      <p className="text-sm text-muted">{caption}</p>
      <div className="relative overflow-x-auto rounded-card border border-line bg-surface">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-line text-muted">
            <tr>
              <th scope="col" className={th}>Participant</th>
              <th scope="col" className={th}>External id</th>
              <th scope="col" className={`${th} text-right`}>Units done</th>
              <th scope="col" className={`${th} text-right`}>Median time</th>
              <th scope="col" className={`${th} text-right`}>Agreement with majority</th>
            </tr>
          </thead>
          <tbody>
            {participants.map((p) => (
              <tr key={p.participantId} className="border-b border-line last:border-0">
                <th scope="row" className={`${td} font-mono font-medium`}>{p.pseudonym}</th>
                <td className={`${td} break-all`}>{p.externalId ?? <span className="text-muted">—</span>}</td>
                <td className={`${td} text-right tabular-nums`}>{p.units}</td>
                <td className={`${td} text-right tabular-nums`}>{formatSeconds(p.medianSeconds)}</td>
                <td className={`${td} text-right tabular-nums`}>{formatShare(p.agreementWithMajority ?? null)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
