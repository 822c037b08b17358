import { useTranslations } from "next-intl";
import { ChartFigure } from "@/components/charts/chart-figure";
import { DataTable } from "@/components/charts/data-table";
import { formatInterval, percent } from "@/components/charts/describe";
import { IntervalBars } from "@/components/charts/interval-bars";
import { ModelsTable } from "@/components/studies/results/baseline/models";
import type { BaselineResults } from "@/lib/designs";
import { points } from "@/lib/points";

type Rows = NonNullable<BaselineResults["byGroupStage"]>;

const pValue = (p: number | null) => (p === null ? "—" : p < 0.001 ? "< 0.001" : p.toFixed(3));

/** Group × stage accuracy as grouped bars (a group of bars per stage, a bar per group). */
export function GroupStageChart({ rows, title }: { rows: Rows; title: string }) {
  const t = useTranslations("console.results.baseline");
  const stageName = (stage: number, view: string | null) => t("stage", { stage: String(stage), view: view ?? "", hasView: view ? "yes" : "no" });
  const stages = [...new Map(rows.map((r) => [r.key.stage, stageName(r.key.stage, r.view)])).entries()].sort((a, b) => a[0] - b[0]);
  const groups = [...new Set(rows.map((r) => r.key.group))];
  const at = (g: string, s: number) => rows.find((r) => r.key.group === g && r.key.stage === s);
  const parts = rows.map((r) => t("groupAtStage", { group: r.key.group, stage: stageName(r.key.stage, r.view), accuracy: percent(r.accuracy), n: String(r.n) }));
  return (
    <ChartFigure
      title={title}
      summary={parts.length ? t("perGroupStage", { parts: parts.join("; ") }) : ""}
      empty={rows.length === 0 ? t("noScored") : undefined}
      chart={<IntervalBars categories={stages.map(([, name]) => name)} series={groups.map((g) => ({ name: g, values: stages.map(([s]) => at(g, s)?.accuracy ?? null), ci: stages.map(([s]) => at(g, s)?.ci95 ?? null) }))} />}
      table={
        <DataTable
          caption={title}
          columns={[t("group"), t("stageColumn"), "n", t("correct"), t("accuracy"), t("wilson")]}
          rows={rows.map((r) => [r.key.group, stageName(r.key.stage, r.view), r.n, r.correct, percent(r.accuracy), formatInterval(r.ci95)])}
        />
      }
    />
  );
}

// Staged or grouped studies (CharToM-QA readers and non-readers, c0 then c2000): the grid, the gap
// between the groups, revisions between stages, subsets, and models per stage.
export function GroupsAndStages({ results }: { results: BaselineResults }) {
  const t = useTranslations("console.results.baseline");
  const stageName = (stage: number, view: string | null) => t("stage", { stage: String(stage), view: view ?? "", hasView: view ? "yes" : "no" });
  if (!results.byGroupStage?.length) return null;
  return (
    <section aria-labelledby="groups-heading" className="space-y-4">
      <h3 id="groups-heading" className="text-base font-semibold">
        {t("groupsHeading")}
      </h3>
      <GroupStageChart rows={results.byGroupStage} title={t("groupStageTitle")} />
      {results.groupGap && results.groupGap.length > 0 && (
        <DataTable
          caption={t("gapCaption")}
          columns={[t("stageColumn"), t("groups"), t("pairs"), t("difference"), t("newcombe"), t("mcnemar")]}
          rows={results.groupGap.map((g) => [stageName(g.stage, g.view), `${g.groups[0]} − ${g.groups[1]}`, g.pairs, points(g.diff), formatInterval(g.ci95, points), pValue(g.mcnemarP)])}
        />
      )}
      {results.revisions && results.revisions.length > 0 && (
        <DataTable
          caption={t("revisionsCaption")}
          columns={[t("group"), t("bothStages"), t("rightToWrong"), t("wrongToRight"), t("stayedRight"), t("stayedWrong"), t("changed"), t("mcnemar")]}
          rows={results.revisions.map((r) => [r.group, r.n, r.rightToWrong, r.wrongToRight, r.stayedRight, r.stayedWrong, r.changed, pValue(r.mcnemarP)])}
        />
      )}
      {results.subsets?.map((s) => <GroupStageChart key={`${s.tag}=${s.value}`} rows={s.rows} title={t("subset", { tag: s.tag, value: s.value })} />)}
      {results.modelsByStage?.map((m) =>
        m.models.length ? <ModelsTable key={m.stage} models={m.models} caption={t("modelsAt", { stage: stageName(m.stage, m.view) })} /> : null,
      )}
    </section>
  );
}
