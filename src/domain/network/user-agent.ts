/**
 * User-agent readings used by uploads and diagnostics. They take the UA string as input, so the
 * browser and the server (reading the request header) classify the same way.
 */
export type DeviceType = 'tablet' | 'mobile' | 'desktop';

export function detectDeviceType(userAgent: string): DeviceType {
  const ua = userAgent.toLowerCase();
  // Tablets first: Android tablets lack "mobile", and iPads would otherwise match as mobile.
  if (/ipad|tablet|playbook|silk|(android(?!.*mobile))/.test(ua)) return 'tablet';
  if (/mobi|iphone|ipod|android|blackberry|iemobile|opera mini/.test(ua)) return 'mobile';
  return 'desktop';
}

export type BrowserName = 'Edge' | 'Opera' | 'Samsung Internet' | 'Chrome' | 'Firefox' | 'Safari' | 'Unknown';

/** Order matters: Chrome-based browsers also say "Chrome" and "Safari", so Safari comes last. */
export function detectBrowserName(userAgent: string): BrowserName {
  if (/Edg(e|A|iOS)?\//.test(userAgent)) return 'Edge';
  if (/OPR\/|Opera/.test(userAgent)) return 'Opera';
  if (/SamsungBrowser\//.test(userAgent)) return 'Samsung Internet';
  if (/Chrome\/|CriOS\//.test(userAgent)) return 'Chrome';
  if (/Firefox\/|FxiOS\//.test(userAgent)) return 'Firefox';
  if (/Safari\//.test(userAgent)) return 'Safari';
  return 'Unknown';
}
