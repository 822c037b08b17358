import { redirect } from "next/navigation";
import { Markdown } from "@/components/markdown";
import { ConsentForm } from "@/components/task/consent-form";
import { pathOf } from "@/lib/participants/paths";
import { participantPage } from "@/lib/participants/page-guard";

export const dynamic = "force-dynamic";
export const metadata = { title: "Welcome" };

export default async function ConsentPage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const { study, participant } = await participantPage(code);
  if (participant.consentedAt) redirect(pathOf(code, { to: "task" }));

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <p className="text-base text-muted">Welcome to the study</p>
        <h1 className="text-3xl font-semibold">{study.name}</h1>
      </div>
      <section aria-labelledby="instructions-heading" className="rounded-card border border-line bg-surface p-5 sm:p-6">
        <h2 id="instructions-heading" className="mb-3 text-xl font-semibold">
          Instructions
        </h2>
        {study.instructions.trim() ? (
          <Markdown source={study.instructions} headingLevel={3} className="text-lg leading-8" />
        ) : (
          <p className="text-lg text-muted">Read each item carefully and answer the questions about it.</p>
        )}
      </section>
      <ConsentForm code={code} />
    </div>
  );
}
