import { describe, expect, it } from 'vitest';
import { childCpuSeconds, parseWrkLatency, parseWrkReport } from './wrk';

// wrk 4.1's report with --latency, as it printed it on this machine.
const report = `Running 5s test @ http://127.0.0.1:38123/api/artist/profile
  1 threads and 100 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   423.99us    1.15ms  19.41ms   93.73%
    Req/Sec    59.63k    24.25k   82.32k    80.00%
  Latency Distribution
     50%  125.00us
     75%  214.00us
     90%    0.88ms
     99%    4.79ms
  59248 requests in 1.00s, 7.01MB read
  Socket errors: connect 0, read 2, write 0, timeout 3
  Non-2xx or 3xx responses: 7
Requests/sec:  59203.48
Transfer/sec:      7.00MB
`;

describe('wrk report', () => {
  it('reads req/s, the median and 99th percentile in ms, the requests and every error', () => {
    expect(parseWrkReport(report)).toEqual({
      rps: 59203.48,
      p50: 0.125,
      p99: 4.79,
      requests: 59248,
      errors: 12,
    });
  });

  it('counts no errors when wrk reports none', () => {
    const clean = report.replace(/ {2}Socket errors.*\n {2}Non-2xx.*\n/, '');
    expect(parseWrkReport(clean).errors).toBe(0);
  });

  it('reads every unit of latency wrk prints', () => {
    expect(parseWrkLatency('812.00us')).toBeCloseTo(0.812);
    expect(parseWrkLatency('8.10ms')).toBe(8.1);
    expect(parseWrkLatency('1.20s')).toBe(1200);
    expect(parseWrkLatency('1.00m')).toBe(60_000);
  });

  it("reads the children's CPU from bash's times", () => {
    expect(childCpuSeconds('0m0.010s 0m0.002s\n1m2.500s 0m0.250s\n')).toBeCloseTo(62.75);
  });

  it('refuses a report it cannot read', () => {
    expect(() => parseWrkReport('wrk: connection refused')).toThrow(/wrk: no/);
    expect(() => parseWrkLatency('fast')).toThrow(/unreadable latency/);
  });
});
