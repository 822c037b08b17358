import { z } from "zod";
import { route } from "@/lib/http/route";
import { getDatasetFor } from "@/lib/datasets/access";
import { licenseSchema, setDatasetLicense } from "@/lib/datasets/license";
import { datasetModels, datasetTags, deleteDataset } from "@/lib/datasets/service";

const params = z.object({ id: z.string().uuid() });

export const GET = route({ auth: "datasets.read", params }, async ({ user, params }) => {
  const { layout: _layout, sharedWith: _sharedWith, ...dataset } = await getDatasetFor(user, params.id, "read");
  const [tags, models] = await Promise.all([datasetTags(dataset.id), datasetModels(dataset.id)]);
  return { dataset, tags, models };
});

export const DELETE = route({ auth: "datasets.manage", params }, async ({ user, params }) => {
  await deleteDataset({ actor: user, datasetId: params.id });
  return new Response(null, { status: 204 });
});

// the licence is the one field of a dataset that changes after import (release dataset cards carry it)
const patch = z.object({ license: licenseSchema }).strict();

export const PATCH = route({ auth: "datasets.manage", params, body: patch }, async ({ user, params, body }) => {
  return { dataset: await setDatasetLicense({ actor: user, datasetId: params.id, license: body.license }) };
});
