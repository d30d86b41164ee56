import { describe, expect, it } from 'vitest';
import { isLowMemory, labelNetworkQuality, scoreNetworkQuality } from './network-quality';
import { detectBrowserName, detectDeviceType } from './user-agent';

describe('network quality', () => {
  it.each([
    [{}, 50],
    [{ effectiveType: '4g' }, 90],
    [{ effectiveType: '3g' }, 70],
    [{ effectiveType: '2g' }, 20],
    [{ effectiveType: 'slow-2g' }, 50],
    [{ downlink: 5 }, 60],
    [{ downlink: 4.9 }, 50],
    [{ downlink: 1 }, 50],
    [{ downlink: 0.9 }, 30],
    [{ rtt: 99 }, 60],
    [{ rtt: 100 }, 50],
    [{ rtt: 500 }, 50],
    [{ rtt: 501 }, 30],
    [{ effectiveType: '4g', downlink: 10, rtt: 50 }, 100],
    [{ effectiveType: '2g', downlink: 0.5, rtt: 900 }, 0],
  ])('%j scores %i', (connection, score) => {
    expect(scoreNetworkQuality(connection)).toBe(score);
  });

  it.each([
    [100, 'excellent'],
    [80, 'excellent'],
    [79, 'good'],
    [60, 'good'],
    [59, 'poor'],
    [0, 'poor'],
  ])('a score of %i is %s', (score, label) => {
    expect(labelNetworkQuality(score)).toBe(label);
  });

  it.each([
    [85, 100, false],
    [86, 100, true],
    [1, 0, false],
  ])('%i of %i heap in use is low memory: %s', (used, limit, expected) => {
    expect(isLowMemory(used, limit)).toBe(expected);
  });
});

const UA = {
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  androidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
};

describe('user agent', () => {
  it.each([
    [UA.macSafari, 'Safari', 'desktop'],
    [UA.windowsChrome, 'Chrome', 'desktop'],
    [UA.windowsEdge, 'Edge', 'desktop'],
    [UA.linuxFirefox, 'Firefox', 'desktop'],
    [UA.iphoneSafari, 'Safari', 'mobile'],
    [UA.iphoneChrome, 'Chrome', 'mobile'],
    [UA.ipad, 'Safari', 'tablet'],
    [UA.androidPhone, 'Chrome', 'mobile'],
    [UA.androidTablet, 'Chrome', 'tablet'],
    ['', 'Unknown', 'desktop'],
  ])('%s is %s on %s', (ua, browser, device) => {
    expect(detectBrowserName(ua)).toBe(browser);
    expect(detectDeviceType(ua)).toBe(device);
  });
});
