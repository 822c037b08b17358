"use client";

import { CartesianGrid, Scatter, ScatterChart, XAxis, YAxis, ZAxis } from "recharts";
import { colorAt } from "@/components/charts/palette";

// One point per pair of figures (a metric against the mean human score, gold accuracy against
// agreement with the majority). Axes are labelled with what they measure.
export function ScatterPlot({ points, xLabel, yLabel, xDomain, yDomain }: { points: { x: number; y: number }[]; xLabel: string; yLabel: string; xDomain?: [number, number]; yDomain?: [number, number] }) {
  return (
    <ScatterChart responsive accessibilityLayer={false} style={{ width: "100%", height: "100%" }} margin={{ top: 8, right: 16, bottom: 24, left: 8 }}>
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis type="number" dataKey="x" name={xLabel} domain={xDomain ?? ["auto", "auto"]} label={{ value: xLabel, position: "insideBottom", offset: -12 }} />
      <YAxis type="number" dataKey="y" name={yLabel} domain={yDomain ?? ["auto", "auto"]} label={{ value: yLabel, angle: -90, position: "insideLeft" }} />
      <ZAxis range={[40, 40]} />
      <Scatter data={points} fill={colorAt(0)} isAnimationActive={false} />
    </ScatterChart>
  );
}
