import { z } from "zod";
import { audit } from "@/lib/audit";
import type { Actor } from "@/lib/auth/permissions";
import { getAdapter, isBenchmarkName } from "@/lib/benchmarks/registry";
import type { AdapterLicense } from "@/lib/benchmarks/types";
import { getDatasetFor } from "@/lib/datasets/access";
import { withTransaction } from "@/lib/db/tx";

// A dataset's licence, as the Hugging Face Hub names licences in a dataset card's `license` field
// (mit, apache-2.0, cc-by-nc-4.0, llama3, other, unknown, ...). Set at import from the benchmark's
// known licence; the owner or an admin can change it (a generic file says nothing of its own).
export const licenseSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9.+-]{0,63}$/, "Use a licence identifier as the Hugging Face Hub writes it, e.g. mit, apache-2.0, cc-by-nc-4.0, other.");

/** The licence a benchmark's data comes under, and what the identifier alone does not say. */
export function benchmarkLicense(benchmark: string): AdapterLicense {
  return isBenchmarkName(benchmark) ? getAdapter(benchmark).license : { id: "unknown" };
}

/** The note to print beside a dataset's licence: the benchmark's, while the licence is still the benchmark's own. */
export function licenseNote(dataset: { benchmark: string; license: string }): string | null {
  const known = benchmarkLicense(dataset.benchmark);
  return known.id === dataset.license ? (known.note ?? null) : null;
}

export async function setDatasetLicense({ actor, datasetId, license }: { actor: Actor; datasetId: string; license: string }) {
  const dataset = await getDatasetFor(actor, datasetId, "manage");
  return withTransaction(async (client) => {
    await client.query(`UPDATE "Dataset" SET license = $2 WHERE id = $1`, [datasetId, license]);
    await audit(client, { actorId: actor.id, action: "dataset.license", targetType: "dataset", targetId: datasetId, before: { license: dataset.license }, after: { license } });
    return { id: datasetId, license };
  });
}
