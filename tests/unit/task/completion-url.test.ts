import { describe, expect, it } from "vitest";
import { completionUrl } from "@/lib/participants/completion-url";

describe("completion URL", () => {
  it("fills Prolific's CODE placeholder", () => {
    expect(completionUrl("https://app.prolific.com/submissions/complete?cc=CODE", "C1A2B3")).toBe(
      "https://app.prolific.com/submissions/complete?cc=C1A2B3",
    );
  });

  it("fills a {code} placeholder anywhere, escaped", () => {
    expect(completionUrl("https://example.org/finish/{code}?x=1", "A B&C")).toBe("https://example.org/finish/A%20B%26C?x=1");
  });

  it("appends cc= when there is no placeholder and no cc parameter", () => {
    expect(completionUrl("https://example.org/done", "XYZ")).toBe("https://example.org/done?cc=XYZ");
    expect(completionUrl("https://example.org/done?study=4", "XYZ")).toBe("https://example.org/done?study=4&cc=XYZ");
  });

  it("leaves a URL that already carries cc alone", () => {
    expect(completionUrl("https://example.org/done?cc=FIXED", "XYZ")).toBe("https://example.org/done?cc=FIXED");
  });

  it("has no redirect without a URL, or for anything but a web address", () => {
    expect(completionUrl(null, "X")).toBeNull();
    expect(completionUrl("  ", "X")).toBeNull();
    expect(completionUrl("javascript:alert(1)//CODE", "X")).toBeNull();
    expect(completionUrl("not a url", "X")).toBeNull();
  });
});
