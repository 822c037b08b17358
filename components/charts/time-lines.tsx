"use client";

import { CartesianGrid, Legend, Line, LineChart, XAxis, YAxis } from "recharts";
import { colorAt } from "@/components/charts/palette";

export interface LineSeries {
  name: string;
  values: (number | null)[];
}

// Figures over time: one line per series over the buckets' start times (UTC). A null value is a
// gap (no figure defined yet), never a zero.
const FORMATS = { count: (v: number) => String(v), percent: (v: number) => `${Math.round(v * 100)}%` };

// (a format is named, not passed as a function: server components cannot hand functions to this client one)
export function TimeLines({ starts, series, domain, format = "count" }: { starts: string[]; series: LineSeries[]; domain?: [number, number]; format?: keyof typeof FORMATS }) {
  const data = starts.map((start, i) => Object.fromEntries([["start", start.slice(0, 16).replace("T", " ")], ...series.map((s, k) => [`v${k}`, s.values[i] ?? null])]));
  return (
    <LineChart responsive accessibilityLayer={false} style={{ width: "100%", height: "100%" }} data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis dataKey="start" tick={{ fontSize: 11 }} minTickGap={24} />
      <YAxis domain={domain ?? ["auto", "auto"]} tickFormatter={FORMATS[format]} />
      {series.length > 1 && <Legend />}
      {series.map((s, k) => (
        <Line key={s.name} type="monotone" dataKey={`v${k}`} name={s.name} stroke={colorAt(k)} strokeWidth={2} dot={starts.length < 40} connectNulls={false} isAnimationActive={false} />
      ))}
    </LineChart>
  );
}
