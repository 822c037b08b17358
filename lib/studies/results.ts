import { pool } from "@/lib/db/pool";
import type { Queryable } from "@/lib/db/queryable";
import { designOf, type DesignResults, type Study } from "@/lib/designs";

// A study's results, computed by its design from the valid answers.
export function studyResults(study: Study, client: Queryable = pool(), aggregation?: "majority" | "dawid-skene"): Promise<DesignResults> {
  return designOf(study.design).results({ client, study, aggregation });
}
