// Medians, percentiles and number formatting.
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const median = (values) => percentile(values, 50);

export function fmtInt(n) {
  return Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a';
}

export function fmtMs(ms) {
  if (!Number.isFinite(ms)) return 'n/a';
  return ms >= 100 ? `${Math.round(ms)}` : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2);
}

export function fmtRatio(r) {
  return Number.isFinite(r) ? `${r.toFixed(2)}×` : 'n/a';
}

export function fmtMiB(bytes) {
  return Number.isFinite(bytes) ? `${(bytes / 1048576).toFixed(1)} MiB` : 'n/a';
}
