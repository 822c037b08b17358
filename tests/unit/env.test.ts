import { describe, expect, it } from "vitest";
import { describeDatabaseUrl } from "@/lib/db/url";
import { readEnv } from "@/lib/env";

describe("configuration", () => {
  it("applies defaults and treats empty values as unset", () => {
    const e = readEnv({ PORT: "", DATABASE_URL: "" } as unknown as NodeJS.ProcessEnv);
    expect(e.PORT).toBe(3000);
    expect(e.DATABASE_URL).toBeUndefined();
    expect(e.SALLY_PG_PORT).toBe(54320);
  });

  it("names every invalid setting", () => {
    expect(() => readEnv({ PORT: "abc", ADMIN_EMAIL: "nope" } as unknown as NodeJS.ProcessEnv)).toThrow(/PORT[\s\S]*ADMIN_EMAIL|ADMIN_EMAIL[\s\S]*PORT/);
  });

  it("describes a database URL by host, port and name, never the password", () => {
    const text = describeDatabaseUrl("postgresql://sally:s3cret-pw@db.example.org:6543/prod");
    expect(text).toBe('db.example.org:6543 database "prod" as "sally"');
    expect(text).not.toContain("s3cret");
  });
});
