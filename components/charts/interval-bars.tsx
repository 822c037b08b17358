"use client";

import { Bar, BarChart, CartesianGrid, ErrorBar, Legend, XAxis, YAxis } from "recharts";
import { colorAt } from "@/components/charts/palette";

export interface BarSeries {
  name: string;
  values: (number | null)[];
  /** a 95% interval per value, drawn as an error bar */
  ci?: ([number, number] | null)[];
}

const pct = (v: number) => `${Math.round(v * 100)}%`;

// Grouped bars (one group per category, one bar per series) with interval bars: human and model
// accuracy side by side, or groups × stages. Proportions on a 0–100% axis.
export function IntervalBars({ categories, series, yLabel = "Accuracy" }: { categories: string[]; series: BarSeries[]; yLabel?: string }) {
  const data = categories.map((category, i) => {
    const point: Record<string, string | number | null | [number, number]> = { category };
    series.forEach((s, k) => {
      const v = s.values[i] ?? null;
      point[`v${k}`] = v;
      const ci = s.ci?.[i];
      // recharts draws [below, above] the bar's value
      point[`e${k}`] = v !== null && ci ? [Math.max(0, v - ci[0]), Math.max(0, ci[1] - v)] : null;
    });
    return point;
  });
  return (
    <BarChart responsive accessibilityLayer={false} style={{ width: "100%", height: "100%" }} data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="category" interval={0} tick={{ fontSize: 11 }} height={48} />
      <YAxis domain={[0, 1]} tickFormatter={pct} label={{ value: yLabel, angle: -90, position: "insideLeft" }} />
      {series.length > 1 && <Legend />}
      {series.map((s, k) => (
        <Bar key={s.name} dataKey={`v${k}`} name={s.name} fill={colorAt(k)} isAnimationActive={false}>
          {s.ci && <ErrorBar dataKey={`e${k}`} width={6} strokeWidth={1.5} stroke="#15171a" />}
        </Bar>
      ))}
    </BarChart>
  );
}
