import "server-only";
import { notFound } from "next/navigation";
import { cache } from "react";
import type { StudySettings } from "@/components/studies/form-model";
import { afterResponse } from "@/lib/http/after";
import { requirePage } from "@/lib/auth/guards";
import { can } from "@/lib/auth/permissions";
import { db } from "@/lib/db/client";
import type { Study } from "@/lib/designs";
import { AppError } from "@/lib/errors";
import { studyOverview, studyResults } from "@/lib/studies/results";
import { getStudyFor } from "@/lib/studies/service";
import { studyTimeline } from "@/lib/studies/timeline";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// What the study pages share, read once per request (the layout and the page both ask).
export const studyForPage = cache(async (id: string) => {
  const user = await requirePage("studies.read");
  if (!UUID.test(id)) notFound();
  let study: Study;
  try {
    study = await getStudyFor(user, id);
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") notFound();
    throw err;
  }
  const dataset = await db().dataset.findUnique({ where: { id: study.datasetId }, select: { name: true, benchmark: true, versionLabel: true } });
  return {
    user,
    study,
    canManage: can(user, "studies.manage", study),
    datasetName: dataset ? `${dataset.name}${dataset.versionLabel ? ` ${dataset.versionLabel}` : ""} (${dataset.benchmark})` : "(deleted)",
  };
});

export const resultsFor = cache((study: Study) => studyResults(study));

// what a read keeps for later reads is written once the page is sent (lib/studies/results.ts, Keeper)
export const overviewFor = cache((study: Study) => studyOverview(study, afterResponse));

// a large fold of the agreement sums, too, runs once the page is sent (lib/studies/timeline.ts)
export const timelineFor = cache((study: Study) => studyTimeline(study, { later: afterResponse }));

export function settingsOf(study: Study): StudySettings {
  return {
    name: study.name,
    design: study.design,
    datasetId: study.datasetId,
    unitType: study.unitType,
    filter: study.filter,
    n: study.n,
    maxUnitsPerParticipant: study.maxUnitsPerParticipant,
    leaseMinutes: study.leaseMinutes,
    instructions: study.instructions,
    entryMode: study.entryMode,
    completionUrl: study.completionUrl,
    completionCode: study.completionCode,
    config: study.config,
    settings: study.settings,
  };
}
