/** Network quality as the upload diagnostics report it (spec 001 §9). */
export interface ConnectionInfo {
  effectiveType?: string | undefined;
  /** Mbit/s. */
  downlink?: number | undefined;
  /** Round-trip time in ms. */
  rtt?: number | undefined;
}

export type NetworkQualityLabel = 'excellent' | 'good' | 'poor';

const EFFECTIVE_TYPE_POINTS: Readonly<Record<string, number>> = { '4g': 40, '3g': 20, '2g': -30 };

export function scoreNetworkQuality(connection: ConnectionInfo): number {
  let score = 50;
  score += EFFECTIVE_TYPE_POINTS[connection.effectiveType ?? ''] ?? 0;
  const { downlink, rtt } = connection;
  if (downlink !== undefined) {
    if (downlink >= 5) score += 10;
    else if (downlink < 1) score -= 20;
  }
  if (rtt !== undefined) {
    if (rtt < 100) score += 10;
    else if (rtt > 500) score -= 20;
  }
  return Math.min(100, Math.max(0, score));
}

export function labelNetworkQuality(score: number): NetworkQualityLabel {
  if (score >= 80) return 'excellent';
  if (score >= 60) return 'good';
  return 'poor';
}

export const LOW_MEMORY_HEAP_RATIO = 0.85;

/** Low memory: more than 85 percent of the heap limit in use. */
export function isLowMemory(usedHeapBytes: number, heapLimitBytes: number): boolean {
  return heapLimitBytes > 0 && usedHeapBytes / heapLimitBytes > LOW_MEMORY_HEAP_RATIO;
}
