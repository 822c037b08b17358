import { paginate } from "@/components/studies/format";
import { resultsFor, studyForPage } from "@/components/studies/page-data";
import { Pagination } from "@/components/studies/pagination";
import { ParticipantsTable } from "@/components/studies/participants-table";

const PAGE_SIZE = 100;

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ page?: string }> };

export async function generateMetadata({ params }: Props) {
  const { study } = await studyForPage((await params).id);
  return { title: `Participants · ${study.name}` };
}

export default async function StudyParticipantsPage({ params, searchParams }: Props) {
  const { study } = await studyForPage((await params).id);
  const [results, query] = await Promise.all([resultsFor(study), searchParams]);
  const sorted = [...results.participants].sort((a, b) => b.units - a.units || a.pseudonym.localeCompare(b.pseudonym));
  const { rows, page, pages } = paginate(sorted, Number(query.page ?? 1), PAGE_SIZE);
  const first = (page - 1) * PAGE_SIZE + 1;
  return (
    <section aria-labelledby="participants-heading" className="space-y-4">
      <h2 id="participants-heading" className="text-lg font-semibold">
        Participants
      </h2>
      {rows.length === 0 ? (
        <p className="rounded-card border border-line bg-surface p-4 text-muted">Nobody has submitted a response yet.</p>
      ) : (
        <ParticipantsTable
          participants={rows}
          caption={`Participants ${first}–${first + rows.length - 1} of ${sorted.length}, most units first. Agreement with majority: the share of their answers that match a check's majority, over checks that have one.`}
        />
      )}
      <Pagination basePath={`/studies/${study.id}/participants`} query={{}} page={page} pages={pages} label="Participants pages" />
    </section>
  );
}
