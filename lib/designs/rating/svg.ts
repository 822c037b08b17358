import type { Scale } from "@/lib/designs/rating/config";
import type { CorrelationRow, Scatter } from "@/lib/designs/rating/correlations";

// One scatter plot per metric, as a standalone SVG: the metric on x, the answer's mean human
// score on y (the study's scale), one dot per (question, model) answer, r, ρ and n in the title.
const W = 360;
const H = 300;
const PAD = { left: 48, right: 16, top: 40, bottom: 44 };
const COLUMNS = 2;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const fmt = (v: number | null) => (v === null ? "—" : v.toFixed(2));
const tick = (v: number) => String(Number(v.toPrecision(3)));

function panel(s: Scatter, c: CorrelationRow | undefined, scale: Scale, x0: number, y0: number): string {
  const xs = s.points.map((p) => p.metric);
  let [lo, hi] = xs.length ? [Math.min(...xs), Math.max(...xs)] : [0, 1];
  if (lo === hi) [lo, hi] = [lo - 0.5, hi + 0.5];
  const pw = W - PAD.left - PAD.right;
  const ph = H - PAD.top - PAD.bottom;
  const px = (v: number) => x0 + PAD.left + ((v - lo) / (hi - lo)) * pw;
  const py = (v: number) => y0 + PAD.top + ph - ((v - scale.min) / (scale.max - scale.min)) * ph;
  const title = `${s.metric}: r = ${fmt(c?.pearson ?? null)}, ρ = ${fmt(c?.spearman ?? null)}, n = ${s.points.length}`;
  const dots = s.points.map((p) => `<circle cx="${px(p.metric).toFixed(1)}" cy="${py(p.human).toFixed(1)}" r="3.5" fill="#2563eb" fill-opacity="0.6"><title>${escape(`${p.model}: ${tick(p.metric)}, human ${tick(p.human)}`)}</title></circle>`);
  const left = x0 + PAD.left;
  const bottom = y0 + PAD.top + ph;
  return [
    `<g>`,
    `<text x="${x0 + W / 2}" y="${y0 + 20}" text-anchor="middle" font-size="13" font-weight="600">${escape(title)}</text>`,
    `<line x1="${left}" y1="${bottom}" x2="${left + pw}" y2="${bottom}" stroke="#555"/>`,
    `<line x1="${left}" y1="${y0 + PAD.top}" x2="${left}" y2="${bottom}" stroke="#555"/>`,
    `<text x="${left}" y="${bottom + 16}" font-size="11" text-anchor="middle">${tick(lo)}</text>`,
    `<text x="${left + pw}" y="${bottom + 16}" font-size="11" text-anchor="middle">${tick(hi)}</text>`,
    `<text x="${left + pw / 2}" y="${bottom + 34}" font-size="12" text-anchor="middle">${escape(s.metric)}</text>`,
    `<text x="${left - 6}" y="${bottom + 4}" font-size="11" text-anchor="end">${tick(scale.min)}</text>`,
    `<text x="${left - 6}" y="${y0 + PAD.top + 4}" font-size="11" text-anchor="end">${tick(scale.max)}</text>`,
    `<text transform="translate(${x0 + 14} ${y0 + PAD.top + ph / 2}) rotate(-90)" font-size="12" text-anchor="middle">mean human score</text>`,
    ...dots,
    `</g>`,
  ].join("\n");
}

export function scatterSvg(scatter: Scatter[], correlations: CorrelationRow[], scale: Scale): string {
  const rows = Math.max(1, Math.ceil(scatter.length / COLUMNS));
  const width = W * Math.min(COLUMNS, Math.max(1, scatter.length));
  const panels = scatter.map((s, i) => panel(s, correlations.find((c) => c.metric === s.metric), scale, (i % COLUMNS) * W, Math.floor(i / COLUMNS) * H));
  const empty = scatter.length ? "" : `<text x="${W / 2}" y="${H / 2}" text-anchor="middle" font-size="13">No metric has values for rated answers yet.</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${H * rows}" viewBox="0 0 ${width} ${H * rows}" font-family="sans-serif" role="img" aria-label="Human scores against each automatic metric">\n<rect width="100%" height="100%" fill="#fff"/>\n${panels.join("\n")}${empty}\n</svg>\n`;
}
