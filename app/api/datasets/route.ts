import { route } from "@/lib/http/route";
import { listDatasets } from "@/lib/datasets/service";

export const GET = route({ auth: "datasets.read" }, async () => ({ datasets: await listDatasets() }));
