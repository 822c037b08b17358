import type { ReactNode } from "react";
import { BaselineOverview } from "@/components/studies/results/baseline";
import { ChecklistOverview } from "@/components/studies/results/checklist-overview";
import { RatingOverview } from "@/components/studies/results/rating-overview";
import { ChartsOverTime } from "@/components/studies/results/timeline-charts";
import type { OverviewProps } from "@/components/studies/results/types";
import { ValidationOverview } from "@/components/studies/results/validation-overview";
import type { DesignKind } from "@/lib/designs";

// The study overview's design-specific part, one per design kind (a new design adds a line here).
const OVERVIEWS: Record<DesignKind, (props: OverviewProps) => ReactNode> = {
  validation: (props) => <ValidationOverview {...props} />,
  baseline: (props) => <BaselineOverview {...props} />,
  checklist: (props) => <ChecklistOverview {...props} />,
  rating: (props) => <RatingOverview {...props} />,
};

export function DesignOverview(props: OverviewProps) {
  const render = Object.hasOwn(OVERVIEWS, props.study.design) ? OVERVIEWS[props.study.design as DesignKind] : null;
  return render ? render(props) : <ChartsOverTime timeline={props.timeline} />;
}
