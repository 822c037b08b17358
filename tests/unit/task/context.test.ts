import { describe, expect, it } from "vitest";
import { ActiveClock } from "@/components/task/active-clock";
import { segmentsOf } from "@/components/context/segments";
import { SPEAKER_PALETTE, speakerColors } from "@/components/context/speakers";
import { viewLabel } from "@/components/context/view-labels";
import { translator } from "@/tests/support/translators";

describe("transcript segments", () => {
  it("numbers turns across segments and starts a segment when the value changes", () => {
    const turns = [
      { speaker: "A", text: "1", segment: 0 },
      { speaker: "B", text: "2", segment: 0 },
      { speaker: "A", text: "3", segment: 1 },
    ];
    const s = segmentsOf(turns);
    expect(s.map((x) => [x.ordinal, x.turns.map((t) => t.number)])).toEqual([
      [1, [1, 2]],
      [2, [3]],
    ]);
  });

  it("is one segment when turns have none", () => {
    expect(segmentsOf([{ speaker: "A", text: "x" }, { speaker: "B", text: "y" }])).toHaveLength(1);
  });
});

describe("speaker colours", () => {
  it("gives each speaker a stable colour by first appearance", () => {
    const c = speakerColors(["Kim", "Lee", "Kim", "Ana"]);
    expect([...c.entries()]).toEqual([
      ["Kim", SPEAKER_PALETTE[0]],
      ["Lee", SPEAKER_PALETTE[1]],
      ["Ana", SPEAKER_PALETTE[2]],
    ]);
  });

  it("uses only colours with AA contrast (4.5:1) on white and on the page background", () => {
    const lum = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const ratio = (a: string, b: string) => (Math.max(lum(a), lum(b)) + 0.05) / (Math.min(lum(a), lum(b)) + 0.05);
    for (const c of SPEAKER_PALETTE) {
      expect(ratio(c, "#ffffff")).toBeGreaterThanOrEqual(4.5);
      expect(ratio(c, "#f7f7f8")).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe("view labels", () => {
  it("names the benchmarks' views", () => {
    const t = translator("en", "context");
    expect(viewLabel("short", t)).toBe("Short conversation");
    expect(viewLabel("c0", t)).toBe("No extra context (c=0)");
    expect(viewLabel("c2000", t)).toBe("Wider context (c=2000)");
    expect(viewLabel("some_view", t)).toBe("Some view");
  });

  it("names them in Chinese on a Chinese page; an unknown view keeps its own name", () => {
    const t = translator("zh", "context");
    expect(viewLabel("c2000", t)).toBe("更多上下文（c=2000）");
    expect(viewLabel("infilled", t)).toBe("故事");
    expect(viewLabel("some_view", t)).toBe("Some view");
  });
});

describe("active time", () => {
  it("counts only while running and resumes from a stored amount", () => {
    let now = 1000;
    const clock = new ActiveClock(500, () => now);
    clock.start();
    now += 2000;
    clock.stop();
    now += 60_000; // hidden tab: not counted
    clock.start();
    now += 1000;
    expect(clock.elapsed()).toBe(3500);
  });
});
