// Series colours: distinguishable for common colour-vision deficiencies (Okabe–Ito), each with
// at least 3:1 contrast on white so bars and lines stand out from the background.
export const SERIES_COLORS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#8a6d00", "#56707f", "#000000"];

export const colorAt = (i: number): string => SERIES_COLORS[i % SERIES_COLORS.length]!;
