import path from "node:path";
import { expect, test } from "./fixtures";
import { importFile, signedInRequest } from "./helpers/api";
import { createUser, unique } from "./support";

// Who may call what, against the production server.

const REPO_FIXTURES = path.resolve(import.meta.dirname, "../tests/fixtures");

test("[AUTHZ][DATASETS] another researcher cannot list, read, export or build a study on a researcher's dataset", async ({ admin }) => {
  const owner = await createUser(admin, "researcher");
  const other = await createUser(admin, "researcher");
  const ownerApi = await signedInRequest(owner.email, owner.password);
  const otherApi = await signedInRequest(other.email, other.password);
  const name = unique("private-tomato");
  const { datasetId } = await importFile(ownerApi, path.join(REPO_FIXTURES, "tomato/valid.json"), name);

  const listed = (await (await otherApi.get("/api/datasets")).json()) as { datasets: { id: string }[] };
  expect(listed.datasets.map((d) => d.id)).not.toContain(datasetId);
  expect((await otherApi.get(`/api/datasets/${datasetId}`)).status()).toBe(404);
  const exported = await otherApi.get(`/api/datasets/${datasetId}/export?format=jsonl`);
  expect(exported.status()).toBe(404);
  expect(await exported.text()).not.toContain("He thinks that she is relieved");
  const study = await otherApi.post("/api/studies", {
    data: { name: unique("study"), datasetId, unitType: "context", config: { answerKey: true } },
  });
  expect(study.status()).toBe(422);
  expect(await study.json()).toMatchObject({ invalid_params: [{ name: "datasetId" }] });

  // the owner still has it all
  expect((await ownerApi.get(`/api/datasets/${datasetId}`)).status()).toBe(200);
  expect((await ownerApi.get(`/api/datasets/${datasetId}/export?format=jsonl`)).status()).toBe(200);
});
