import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { Markdown } from "@/components/markdown";
import { ConsentForm } from "@/components/task/consent-form";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { pathOf } from "@/lib/participants/paths";
import { participantPage } from "@/lib/participants/page-guard";
import { readStudy } from "@/lib/studies/study";

export const dynamic = "force-dynamic";

export async function generateMetadata() {
  return { title: (await getTranslations("consent"))("pageTitle") };
}

// A typical unit's time is this study's own mean once enough answers exist; before that the
// duration is left out rather than guessed.
const MIN_TIMED_RESPONSES = 5;

async function typicalUnitMs(studyId: string): Promise<number | null> {
  const agg = await db().response.aggregate({ where: { studyId, durationMs: { not: null } }, _avg: { durationMs: true }, _count: { durationMs: true } });
  return agg._count.durationMs >= MIN_TIMED_RESPONSES ? agg._avg.durationMs : null;
}

export default async function ConsentPage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const { participant } = await participantPage(code);
  if (participant.consentedAt) redirect(pathOf(code, { to: "task" }));
  const study = await readStudy(pool(), { code });
  if (!study) redirect(pathOf(code, { to: "unavailable", reason: "unknown" }));

  const t = await getTranslations("consent");
  const { consent } = study.settings;
  const allUnits = await db().studyUnit.count({ where: { studyId: study.id } });
  const units = Math.min(study.maxUnitsPerParticipant ?? allUnits, allUnits);
  const typical = consent.expectedMinutes === null && units > 0 ? await typicalUnitMs(study.id) : null;
  const minutes = consent.expectedMinutes ?? (typical ? Math.max(1, Math.round((units * typical) / 60_000)) : null);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <p className="text-base text-muted">{t("welcome")}</p>
        <h1 className="text-3xl font-semibold">{study.name}</h1>
      </div>

      <section aria-labelledby="facts-heading" className="rounded-card border border-line bg-surface p-5 sm:p-6">
        <h2 id="facts-heading" className="mb-3 text-xl font-semibold">
          {t("aboutHeading")}
        </h2>
        <dl className="grid gap-x-6 gap-y-2 text-lg sm:grid-cols-[auto_1fr]">
          {units > 0 && (
            <>
              <dt className="font-semibold">{t("whatYouDo")}</dt>
              <dd>{t("units", { count: units })}</dd>
            </>
          )}
          {minutes !== null && (
            <>
              <dt className="font-semibold">{t("howLong")}</dt>
              <dd>{t("minutes", { count: minutes })}</dd>
            </>
          )}
          {consent.contact && (
            <>
              <dt className="font-semibold">{t("contact")}</dt>
              <dd className="break-words">{consent.contact}</dd>
            </>
          )}
          <dt className="font-semibold">{t("stopping")}</dt>
          <dd>{t("stoppingText")}</dd>
        </dl>
      </section>

      {consent.informationSheet.trim() && (
        <section aria-labelledby="sheet-heading" className="rounded-card border border-line bg-surface p-5 sm:p-6">
          <h2 id="sheet-heading" className="mb-3 text-xl font-semibold">
            {t("sheetHeading")} <span className="text-base font-normal text-muted">{t("sheetVersion", { version: consent.version })}</span>
          </h2>
          <Markdown source={consent.informationSheet} headingLevel={3} className="text-lg leading-8" />
        </section>
      )}

      <section aria-labelledby="instructions-heading" className="rounded-card border border-line bg-surface p-5 sm:p-6">
        <h2 id="instructions-heading" className="mb-3 text-xl font-semibold">
          {t("instructionsHeading")}
        </h2>
        {study.instructions.trim() ? (
          <Markdown source={study.instructions} headingLevel={3} className="text-lg leading-8" />
        ) : (
          <p className="text-lg text-muted">{t("defaultInstructions")}</p>
        )}
      </section>
      <ConsentForm code={code} withSheet={Boolean(consent.informationSheet.trim())} />
    </div>
  );
}
