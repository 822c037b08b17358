import { agreementCommand } from "@/lib/cli/agreement";
import { datasetsCommand } from "@/lib/cli/datasets";
import { errataCommand } from "@/lib/cli/errata";
import { exportCommand } from "@/lib/cli/export";
import { importCommand } from "@/lib/cli/import";
import { importMetricsCommand } from "@/lib/cli/import-metrics";
import { importPredictionsCommand } from "@/lib/cli/import-predictions";
import type { Command } from "@/lib/cli/args";
import { reportCommand } from "@/lib/cli/report";
import { studyCommand } from "@/lib/cli/study";
import { tagQuestionsCommand } from "@/lib/cli/tag-questions";

// The CLI's command table. Each command parses its own arguments with zod and returns an exit code.
export const commands: Record<string, Command> = {
  agreement: agreementCommand,
  import: importCommand,
  datasets: datasetsCommand,
  export: exportCommand,
  "import-predictions": importPredictionsCommand,
  study: studyCommand,
  report: reportCommand,
  "tag-questions": tagQuestionsCommand,
  "import-metrics": importMetricsCommand,
  errata: errataCommand,
};
