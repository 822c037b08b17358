import type { Answer } from "@/components/task/answer-kinds";
import type { ViewQuestion } from "@/lib/designs/types";

/** What every answer widget receives. */
export interface WidgetProps {
  question: ViewQuestion;
  /** unique within the page: names inputs and ids */
  name: string;
  /** the id of the question's prompt: the widget's accessible name */
  labelledBy: string;
  value: Answer | undefined;
  onChange: (value: Answer) => void;
  /** the id of the error text, when there is one (described by it) */
  errorId?: string;
  disabled?: boolean;
  onPaste?: () => void;
}
