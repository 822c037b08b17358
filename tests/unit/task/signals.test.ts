import { describe, expect, it } from "vitest";
import { AwayTracker, QuestionClocks } from "@/components/task/signals";
import { unitHeading } from "@/components/task/unit-heading";
import { translator } from "@/tests/support/translators";

describe("time per question", () => {
  it("counts a question only while focus is in it and the page is visible, and resumes from stored times", () => {
    let now = 0;
    const clocks = new QuestionClocks({ q1: 500 }, () => now);
    clocks.focus("q1");
    now = 1000;
    clocks.focus(null); // reading the conversation: nobody's time
    now = 5000;
    clocks.focus("q2");
    now = 6000;
    clocks.setVisible(false); // another tab
    now = 60_000;
    clocks.setVisible(true);
    now = 60_500;
    expect(clocks.times()).toEqual({ q1: 1500, q2: 1500 });
    clocks.stop();
    now = 99_000;
    expect(clocks.times()).toEqual({ q1: 1500, q2: 1500 });
  });
});

describe("focus losses", () => {
  it("counts one absence once, however many events announce it", () => {
    const away = new AwayTracker();
    const counted = [away.left(), away.left()];
    away.returned();
    counted.push(away.left());
    expect(counted).toEqual([true, false, true]);
  });
});

describe("unit heading", () => {
  it("is built from progress, never from a title", () => {
    const t = translator("en", "task");
    expect(unitHeading({ done: 2, total: 5 }, true, t)).toBe("Conversation 3 of 5");
    expect(unitHeading({ done: 0, total: 1 }, false, t)).toBe("Text 1 of 1");
    expect(unitHeading({ done: 5, total: 5 }, true, t)).toBe("Conversation 5 of 5");
    expect(unitHeading({ done: 2, total: 5 }, true, translator("zh", "task"))).toBe("对话 3 / 5");
  });
});
