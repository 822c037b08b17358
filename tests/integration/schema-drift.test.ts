import { describe, expect, it } from "vitest";
import { actualSchema } from "../support/actual-schema";
import { expectedSchema } from "../support/expected-schema";

// The SQL migrations are hand-written (the schema engine cannot run here), so this is what
// keeps them honest: a freshly migrated database must match schema.prisma exactly.
describe("migrated database matches prisma/schema.prisma", async () => {
  const expected = expectedSchema();
  const actual = await actualSchema(process.env.DATABASE_URL!);

  it("has the same tables, columns, types and nullability", () => {
    expect(actual.columns).toEqual(expected.columns);
  });
  it("has the same primary keys, unique constraints and indexes", () => {
    expect(actual.indexes).toEqual(expected.indexes);
  });
  it("has the same foreign keys and delete rules", () => {
    expect(actual.foreignKeys).toEqual(expected.foreignKeys);
  });
  it("has the same enums", () => {
    expect(actual.enums).toEqual(expected.enums);
  });
});
