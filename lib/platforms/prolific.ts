import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { withTransaction } from "@/lib/db/tx";
import type { Study } from "@/lib/designs";
import { excludeParticipant } from "@/lib/participants/exclusion";

// Prolific's status updates. Prolific signs each call: X-Prolific-Request-Signature is the
// base64 HMAC-SHA256, with the subscription's secret, of X-Prolific-Request-Timestamp followed by
// the raw body. A submission that is returned, timed out or rejected frees the participant's
// leases at once; their answers are kept or voided per the study's rule.

export const prolificEventSchema = z.object({
  event_type: z.string().max(100),
  resource_id: z.string().max(200).optional(),
  participant_id: z.string().max(200).optional(),
  status: z.string().max(100).optional(),
});

/** Replays older than this are refused. */
const MAX_AGE_S = 300;

export function verifyProlificSignature(secret: string, timestamp: string | null, signature: string | null, rawBody: string, now = Date.now()): boolean {
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > MAX_AGE_S) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(timestamp + rawBody).digest("base64"));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const ENDING = new Set(["RETURNED", "TIMED-OUT", "TIMED_OUT", "REJECTED"]);

/** Applies one event; returns what it did, for the response and the log. */
export async function applyProlificEvent(study: Pick<Study, "id" | "settings">, event: z.infer<typeof prolificEventSchema>): Promise<"released" | "ignored" | "unknown_participant"> {
  if (event.event_type !== "submission.status.change" || !event.participant_id || !ENDING.has((event.status ?? "").toUpperCase())) return "ignored";
  return withTransaction(async (client) => {
    const { rows } = await client.query<{ id: string; status: string }>(
      `SELECT id, status FROM "Participant" WHERE "studyId" = $1 AND "externalSource" = 'prolific' AND "externalId" = $2 FOR UPDATE`,
      [study.id, event.participant_id],
    );
    const participant = rows[0];
    if (!participant) return "unknown_participant";
    if (participant.status !== "active") return "ignored";
    await excludeParticipant(client, {
      studyId: study.id,
      participantId: participant.id,
      status: "returned",
      reason: `Prolific: submission ${(event.status ?? "").toLowerCase()}`,
      actorId: null,
      voidAnswers: study.settings.exclusion?.partialAnswers === "discard",
    });
    return "released";
  });
}
