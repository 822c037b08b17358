import type { ContextView } from "@/lib/benchmarks/types";
import type { StoredContext } from "@/lib/datasets/questions";
import type { Study } from "@/lib/designs/types";

// Which views of a context a participant may see. With stages, only the current stage's view
// leaves the server (a later stage's content is never sent early); with a chosen view, only
// that one (participants read what models read); with listed views (expert review), those;
// otherwise every view, the dataset's default first, or (`unchosen: "default"`, for designs whose
// figures are per view) the default view alone: a baseline on ExploreToM without a view showed
// both the story's structure and its infilled text, while its results said "default view".
export function stageViews(
  context: Pick<StoredContext, "views" | "defaultView">,
  study: Pick<Study, "settings">,
  stage: number,
  { unchosen = "all" }: { unchosen?: "all" | "default" } = {},
): { views: Record<string, ContextView>; defaultView: string } {
  const { stages, view, views } = study.settings;
  const pick = (names: string[]) => {
    const chosen = Object.fromEntries(names.flatMap((n) => (context.views[n] ? [[n, context.views[n]!]] : [])));
    // a context without the chosen view (a benchmark with one view) shows its default one
    if (Object.keys(chosen).length === 0) return { views: { [context.defaultView]: context.views[context.defaultView]! }, defaultView: context.defaultView };
    return { views: chosen, defaultView: Object.keys(chosen)[0]! };
  };
  if (stages.length > 0) return pick([stages[Math.min(stage, stages.length) - 1]!.view]);
  if (views.length > 0) return pick(views);
  if (view) return pick([view]);
  if (unchosen === "default") return pick([context.defaultView]);
  return { views: context.views, defaultView: context.defaultView };
}
