/** Min, median and max of a bench's rounds (the machine is noisy: never one figure alone). */
export function stats(values: number[]): { min: number; median: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    min: sorted[0] ?? Number.NaN,
    median: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN,
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/** `min / median / max` with `digits` decimals. */
export function formatStats(values: number[], digits = 2): string {
  const { min, median, max } = stats(values);
  return `${min.toFixed(digits)} / ${median.toFixed(digits)} / ${max.toFixed(digits)}`;
}
