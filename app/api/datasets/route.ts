import { route } from "@/lib/http/route";
import { listDatasets } from "@/lib/datasets/service";

// The datasets this user may read: their own, those shared with them, and for admins all.
export const GET = route({ auth: "datasets.read" }, async ({ user }) => ({ datasets: await listDatasets(user) }));
