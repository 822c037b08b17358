import type { ComponentType } from "react";
import type { QuestionKind } from "@/lib/benchmarks/types";
import { MultiSelect } from "@/components/task/widgets/multi-select";
import { NumericAnswer } from "@/components/task/widgets/numeric";
import type { WidgetProps } from "@/components/task/widgets/props";
import { SingleChoice } from "@/components/task/widgets/single-choice";
import { TextAnswer } from "@/components/task/widgets/text-answer";
import { YesNo } from "@/components/task/widgets/yes-no";

// One widget per question kind (the answer shapes are in docs/participant-api.md).
const WIDGETS: Record<QuestionKind, ComponentType<WidgetProps>> = {
  single_choice: SingleChoice,
  multi_select: MultiSelect,
  yes_no: YesNo,
  numeric: NumericAnswer,
  short_text: TextAnswer,
  free_text: TextAnswer,
};

export function QuestionWidget(props: WidgetProps) {
  const Widget = WIDGETS[props.question.kind];
  return <Widget {...props} />;
}
