// wrk (https://github.com/wg/wrk), a load generator written in C, as a lighter alternative to
// autocannon where the generator's own CPU matters: on a machine whose cores the servers share
// with it, every microsecond the generator spends per request is one the servers cannot use.
// Measured on the 2-core bench machine: autocannon about 40 µs of CPU per request, wrk under 10.
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface WrkRun {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The CPU wrk used per request (user + system), in microseconds. */
  loadMicros: number;
}

/** Whether `wrk` is on the PATH (`apt-get install -y wrk`). */
export function hasWrk(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk --version prints its banner and exits 1: found. Not found is ENOENT.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

/** A wrk latency ("812.00us", "8.10ms", "1.20s") in milliseconds. */
export function parseWrkLatency(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) throw new Error(`wrk: unreadable latency "${text}"`);
  const value = Number(match[1]);
  const unit = match[2];
  if (unit === 'us') return value / 1000;
  if (unit === 'ms') return value;
  if (unit === 's') return value * 1000;
  return value * 60_000;
}

/** Bash's `times`: its second line is the children's user and system time ("0m1.234s 0m0.567s"). */
export function childCpuSeconds(timesOutput: string): number {
  const lines = timesOutput.trim().split('\n');
  const children = lines[lines.length - 1] ?? '';
  let seconds = 0;
  for (const [, minutes, secs] of children.matchAll(/(\d+)m([\d.]+)s/g))
    seconds += Number(minutes) * 60 + Number(secs);
  return seconds;
}

/** Reads wrk's report (run with --latency). */
export function parseWrkReport(report: string): Omit<WrkRun, 'loadMicros'> & { requests: number } {
  const number = (pattern: RegExp) => {
    const match = pattern.exec(report);
    if (!match?.[1]) throw new Error(`wrk: no ${pattern} in its report:\n${report}`);
    return match[1];
  };
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(report);
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(report);
  return {
    rps: Number(number(/Requests\/sec:\s+([\d.]+)/)),
    p50: parseWrkLatency(number(/^\s+50%\s+(\S+)/m)),
    p99: parseWrkLatency(number(/^\s+99%\s+(\S+)/m)),
    requests: Number(number(/(\d+) requests in/)),
    errors:
      (socketErrors ? socketErrors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0) +
      (non2xx ? Number(non2xx[1]) : 0),
  };
}

/** One wrk run of GET `path` on `baseUrl` with `headers`, on one thread. */
export async function runWrk(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  options: { connections: number; durationSeconds: number },
): Promise<WrkRun> {
  const args = [
    '-t1',
    `-c${options.connections}`,
    `-d${options.durationSeconds}s`,
    '--latency',
    ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    `${baseUrl}${path}`,
  ];
  // Through bash so that its `times` reports the CPU wrk used (Node's own counters leave children out).
  const { stdout } = await run('bash', ['-c', 'wrk "$@" && echo "--times--" && times', 'wrk', ...args], {
    maxBuffer: 1 << 20,
  });
  const [report = '', timesOutput = ''] = stdout.split('--times--');
  const parsed = parseWrkReport(report);
  return {
    rps: parsed.rps,
    p50: parsed.p50,
    p99: parsed.p99,
    errors: parsed.errors,
    loadMicros: (childCpuSeconds(timesOutput) * 1e6) / Math.max(parsed.requests, 1),
  };
}
