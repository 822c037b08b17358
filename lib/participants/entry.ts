import { randomBytes } from "node:crypto";
import { z } from "zod";
import { db, Prisma } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import type { Study } from "@/lib/designs";
import { AppError } from "@/lib/errors";
import { hasControlChars } from "@/lib/http/control-chars";
import type { UnavailableReason } from "@/lib/participants/paths";
import { membershipAtEntry } from "@/lib/participants/membership";
import { readStudy } from "@/lib/studies/study";

// The URL parameters recruiting platforms append to a study link. Control characters (a NUL
// cannot even be stored) make the link invalid.
const platformValue = (min: number) =>
  z
    .string()
    .trim()
    .min(min)
    .max(100)
    .refine((v) => !hasControlChars(v), "contains a control character")
    .optional();
export const entryParamsSchema = z.object({
  PROLIFIC_PID: platformValue(1),
  STUDY_ID: platformValue(0),
  SESSION_ID: platformValue(0),
  workerId: platformValue(1),
  assignmentId: platformValue(0),
  hitId: platformValue(0),
  // MTurk's ExternalQuestion: where the finished assignment is posted back (only MTurk's own hosts)
  turkSubmitTo: z
    .string()
    .trim()
    .max(200)
    .refine((v) => /^https:\/\/(www\.mturk\.com|workersandbox\.mturk\.com)\/?$/.test(v), "not an MTurk submit address")
    .optional(),
});
export type EntryParams = z.infer<typeof entryParamsSchema>;

export class StudyUnavailable extends Error {
  constructor(readonly reason: UnavailableReason) {
    super(reason);
  }
}

export async function findOpenStudy(publicCode: string): Promise<Study> {
  const study = await readStudy(pool(), { code: publicCode });
  if (!study) throw new StudyUnavailable("unknown");
  if (study.state !== "open") throw new StudyUnavailable(study.state);
  return study;
}

/** Exposure rule: someone who took part in one of these studies (same external id or account) is turned away. */
async function tookPartElsewhere(studyIds: string[], ext: { source: string; id: string } | null, userId: string | null): Promise<boolean> {
  if (studyIds.length === 0 || (!ext && !userId)) return false;
  const { rowCount } = await pool().query(
    `SELECT 1 FROM "Participant" WHERE "studyId" = ANY($1::uuid[])
       AND (("externalSource" = $2 AND "externalId" = $3) OR ("userId" = $4)) LIMIT 1`,
    [studyIds, ext?.source ?? null, ext?.id ?? null, userId],
  );
  return (rowCount ?? 0) > 0;
}

function external(params: EntryParams): { source: string; id: string; meta: Record<string, string> } | null {
  if (params.PROLIFIC_PID) {
    return { source: "prolific", id: params.PROLIFIC_PID, meta: pickDefined({ STUDY_ID: params.STUDY_ID, SESSION_ID: params.SESSION_ID }) };
  }
  if (params.workerId) {
    return { source: "mturk", id: params.workerId, meta: pickDefined({ assignmentId: params.assignmentId, hitId: params.hitId, turkSubmitTo: params.turkSubmitTo }) };
  }
  return null;
}

/**
 * Who is entering: the same external id (or the same signed cookie, or the same account)
 * resumes the same participant; anyone else becomes a new one.
 */
export async function enterStudy(opts: {
  publicCode: string;
  params: EntryParams;
  /** every URL parameter as given (a study may read its group from one) */
  query?: Record<string, string>;
  cookieParticipantId: string | null;
  user: { id: string; canAnnotate: boolean } | null;
}) {
  const study = await findOpenStudy(opts.publicCode);
  if (opts.params.assignmentId === "ASSIGNMENT_ID_NOT_AVAILABLE") throw new StudyUnavailable("preview");
  const ext = external(opts.params);
  if (study.entryMode === "prolific" && ext?.source !== "prolific") throw new StudyUnavailable("needs_platform");
  if (study.entryMode === "mturk" && ext?.source !== "mturk") throw new StudyUnavailable("needs_platform");
  const userId = opts.user?.canAnnotate ? opts.user.id : null;
  if (study.entryMode === "annotators" && !userId) throw new StudyUnavailable("needs_account");

  const prisma = db();
  const where: Prisma.ParticipantWhereInput | null = ext
    ? { studyId: study.id, externalSource: ext.source, externalId: ext.id }
    : userId
      ? { studyId: study.id, userId }
      : opts.cookieParticipantId
        ? { studyId: study.id, id: opts.cookieParticipantId }
        : null;
  const existing = where ? await prisma.participant.findFirst({ where }) : null;
  if (existing) return { study, participant: existing };
  if (await tookPartElsewhere(study.settings.excludeParticipantsOf, ext, userId)) throw new StudyUnavailable("not_eligible");
  const membership = membershipAtEntry(study.settings.groups, opts.query ?? {}, ext?.id ?? null);
  // the link names no group of the study (or the id is not on its list): not screened out by answers
  if (!membership) throw new StudyUnavailable("no_group");

  for (let attempt = 0; ; attempt++) {
    try {
      const participant = await prisma.participant.create({
        data: {
          studyId: study.id,
          pseudonym: `P-${randomBytes(4).toString("hex").toUpperCase()}`,
          userId,
          externalSource: ext?.source ?? null,
          externalId: ext?.id ?? null,
          externalMeta: ext?.meta ?? {},
          group: membership.group,
          groupValues: membership.groupValues,
        },
      });
      return { study, participant };
    } catch (err) {
      // two tabs entering with the same external id at once: the other one won, use it
      if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002" && where && attempt < 3) {
        const winner = await prisma.participant.findFirst({ where });
        if (winner) return { study, participant: winner };
        continue;
      }
      throw err;
    }
  }
}

/** Consent, with the version of the consent text the participant saw. */
export async function recordConsent(study: Pick<Study, "id" | "settings">, participantId: string) {
  const { rowCount } = await pool().query(
    `UPDATE "Participant" SET "consentedAt" = coalesce("consentedAt", now()), "consentVersion" = coalesce("consentVersion", $3)
     WHERE id = $1 AND "studyId" = $2`,
    [participantId, study.id, study.settings.consent.version],
  );
  if (!rowCount) throw new AppError("unauthenticated", "Open the study through its link first.");
}

function pickDefined(obj: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(obj).filter((e): e is [string, string] => e[1] !== undefined));
}
