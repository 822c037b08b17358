import { describe, expect, it } from "vitest";
import { leaseStage, timeLeftText } from "@/components/task/lease-clock";

describe("the task page's lease warning", () => {
  it("stays calm until two minutes before the end, warns, turns urgent in the last 30 seconds, then ends", () => {
    expect(leaseStage(10 * 60_000)).toBe("calm");
    expect(leaseStage(120_001)).toBe("calm");
    expect(leaseStage(120_000)).toBe("warning");
    expect(leaseStage(30_001)).toBe("warning");
    expect(leaseStage(30_000)).toBe("urgent");
    expect(leaseStage(1)).toBe("urgent");
    expect(leaseStage(0)).toBe("ended");
    expect(leaseStage(-5_000)).toBe("ended");
  });

  it("says the time left in words, rounded up to a whole second", () => {
    expect(timeLeftText(120_000)).toBe("2 minutes");
    expect(timeLeftText(80_000)).toBe("1 minute 20 seconds");
    expect(timeLeftText(61_000)).toBe("1 minute 1 second");
    expect(timeLeftText(29_100)).toBe("30 seconds");
    expect(timeLeftText(0)).toBe("0 seconds");
    expect(timeLeftText(-3)).toBe("0 seconds");
  });
});
