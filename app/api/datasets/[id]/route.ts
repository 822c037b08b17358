import { z } from "zod";
import { route } from "@/lib/http/route";
import { datasetModels, datasetTags, deleteDataset, getDataset } from "@/lib/datasets/service";

const params = z.object({ id: z.string().uuid() });

export const GET = route({ auth: "datasets.read", params }, async ({ params }) => {
  const [dataset, tags, models] = await Promise.all([getDataset(params.id), datasetTags(params.id), datasetModels(params.id)]);
  const { layout: _layout, ...rest } = dataset;
  return { dataset: rest, tags, models };
});

export const DELETE = route({ auth: "datasets.delete", params }, async ({ user, params }) => {
  await deleteDataset({ actor: user, datasetId: params.id });
  return new Response(null, { status: 204 });
});
