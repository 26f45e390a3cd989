/**
 * `percentile_cont(fraction)` over the whole seconds a histogram counts ({"31": 4} is four answers
 * of 31 s): the value at position fraction × (n − 1) of the sorted list, interpolated between its
 * neighbours, as PostgreSQL computes it over the same list. Null for an empty histogram.
 */
export function histogramPercentile(histogram: ReadonlyMap<number, number>, fraction: number): number | null {
  const buckets = [...histogram].filter(([, count]) => count > 0).sort(([a], [b]) => a - b);
  const total = buckets.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return null;
  const position = fraction * (total - 1);
  const below = Math.floor(position);
  const valueAt = (rank: number) => {
    let seen = 0;
    for (const [value, count] of buckets) {
      seen += count;
      if (rank < seen) return value;
    }
    return buckets.at(-1)![0];
  };
  const low = valueAt(below);
  const high = valueAt(Math.ceil(position));
  return low + (position - below) * (high - low);
}

/**
 * Time from click to answer over a set of answers, in seconds: the median and 90th percentile from
 * the whole seconds (histogramPercentile), the average from the exact sum in milliseconds.
 */
export function summarizeAnswerTimes(
  histogram: ReadonlyMap<number, number>,
  answers: number,
  answerMs: number,
) {
  return {
    median: histogramPercentile(histogram, 0.5),
    p90: histogramPercentile(histogram, 0.9),
    average: answers === 0 ? null : answerMs / answers / 1000,
  };
}
