import type { WebVitalName } from '../../../../domain';

/** Uptime in the two largest units: '3 d 4 h', '5 h 12 min', '12 min', '45 s'. */
export function formatUptime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return `${minutes} min`;
  return `${s} s`;
}

/** A web vital in its unit: '850 ms', '2.41 s', CLS '0.052'; 'N/A' when not measured (spec 001 §2). */
export function formatVital(name: WebVitalName, value: number | null | undefined): string {
  if (value === null || value === undefined) return 'N/A';
  if (name === 'CLS') return value.toFixed(3);
  return value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(2)} s`;
}

const timeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

export function formatEventTime(iso: string): string {
  return timeFormat.format(new Date(iso));
}

const clockFormat = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

export function formatClock(time: number): string {
  return clockFormat.format(new Date(time));
}
