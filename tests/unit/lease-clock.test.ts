import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { leaseStage, timeLeftParts } from "@/components/task/lease-clock";
import en from "@/lib/i18n/messages/en.json";
import zh from "@/lib/i18n/messages/zh.json";

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

  it("scales to a lease under 2.5 minutes: a fresh or just renewed 1-minute lease is calm, warned at half, urgent at a quarter", () => {
    expect(leaseStage(60_000, 60_000)).toBe("calm");
    expect(leaseStage(59_999, 59_999)).toBe("calm");
    expect(leaseStage(30_001, 60_000)).toBe("calm");
    expect(leaseStage(30_000, 60_000)).toBe("warning");
    expect(leaseStage(15_000, 60_000)).toBe("urgent");
    expect(leaseStage(90_001, 120_000)).toBe("calm");
    expect(leaseStage(90_000, 120_000)).toBe("warning");
    // from 2.5 minutes on, the two minutes and half a minute as before
    expect(leaseStage(120_000, 150_000)).toBe("warning");
    expect(leaseStage(120_001, 180_000)).toBe("calm");
    expect(leaseStage(30_000, 180_000)).toBe("urgent");
    expect(leaseStage(30_000, 10 * 60_000)).toBe("urgent");
  });

  it("says the time left in words, rounded up to a whole second, in English and Chinese", () => {
    const say = (messages: typeof en, locale: string) => {
      const t = createTranslator({ locale, messages, namespace: "task.lease" });
      return (ms: number) => t("duration", timeLeftParts(ms));
    };
    const english = say(en, "en");
    expect(english(120_000)).toBe("2 minutes");
    expect(english(80_000)).toBe("1 minute 20 seconds");
    expect(english(61_000)).toBe("1 minute 1 second");
    expect(english(29_100)).toBe("30 seconds");
    expect(english(1_000)).toBe("1 second");
    expect(english(0)).toBe("0 seconds");
    expect(english(-3)).toBe("0 seconds");
    const chinese = say(zh as typeof en, "zh");
    expect(chinese(120_000)).toBe("2分钟");
    expect(chinese(80_000)).toBe("1分钟20秒");
    expect(chinese(29_100)).toBe("30秒");
  });
});
