/** Median and spread of repeated timings; benchmarks report these, never a single run. */
export interface Stats {
  median: number;
  min: number;
  max: number;
  /** Interquartile range. */
  iqr: number;
  runs: number;
}

export function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => {
    const i = (s.length - 1) * p;
    const lo = Math.floor(i);
    const hi = Math.ceil(i);
    return s[lo]! + (s[hi]! - s[lo]!) * (i - lo);
  };
  return { median: q(0.5), min: s[0]!, max: s[s.length - 1]!, iqr: q(0.75) - q(0.25), runs: s.length };
}

export const fmt = (ms: number) => `${ms.toFixed(0)} ms`;
export const row = (label: string, st: Stats) =>
  `| ${label} | ${fmt(st.median)} | ${fmt(st.min)}–${fmt(st.max)} | ${fmt(st.iqr)} | ${st.runs} |`;
