import { useTranslations } from "next-intl";

export type Platform = "prolific" | "mturk" | null;

// What a participant who stopped before finishing should do on the platform they came from:
// on Prolific, "return" the submission (so it neither times out nor counts against them).
export function ReturnGuidance({ platform, submitted }: { platform: Platform; submitted: number }) {
  const t = useTranslations("done");
  return (
    <section aria-labelledby="return-guidance-heading" className="rounded-card border border-line bg-surface p-6">
      <h2 id="return-guidance-heading" className="text-xl font-semibold">
        {t("guidanceHeading")}
      </h2>
      <p className="mt-3 text-lg leading-8">
        {submitted > 0 ? t("kept", { count: submitted }) : ""}
        {t("noCode")}
      </p>
      {platform === "prolific" && (
        <p className="mt-3 text-lg leading-8">
          <strong>{t("prolificStrong")}</strong> {t("prolificText")}
        </p>
      )}
      {platform === "mturk" && (
        <p className="mt-3 text-lg leading-8">
          <strong>{t("mturkStrong")}</strong> {t("mturkText")}
        </p>
      )}
      {platform === null && <p className="mt-3 text-lg leading-8">{t("closePage")}</p>}
    </section>
  );
}
