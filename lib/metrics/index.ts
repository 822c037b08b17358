// lib/metrics: pure agreement and accuracy statistics. Degenerate input gives `{ value: null, reason }`.
export * from "./types";
export * from "./encode";
export * from "./counts";
export * from "./majority";
export * from "./agreement";
export * from "./cohen";
export * from "./fleiss";
export * from "./krippendorff";
export * from "./gwet";
export * from "./dawid-skene";
export * from "./mace";
export * from "./digamma";
export * from "./proportions";
export * from "./bootstrap";
export * from "./normal";
export * from "./random";
export * from "./summary";
