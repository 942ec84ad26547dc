/** The longest User-Agent kept (sessions, security log): enough for any real browser's. */
export const USER_AGENT_MAX = 512;

/** A User-Agent header as stored: control characters dropped, trimmed, bounded; null when empty. */
export function storedUserAgent(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return null;
  const clean = value
    // eslint-disable-next-line no-control-regex -- control characters are what it removes
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .trim()
    .slice(0, USER_AGENT_MAX);
  return clean === '' ? null : clean;
}

const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//i, 'curl'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * How 'Sessioni attive' and the security log name a device, in Italian: 'Chrome su Android',
 * 'Firefox su Windows', 'Safari' (system unknown), 'Dispositivo sconosciuto'.
 */
export function describeUserAgent(userAgent: string | null): string {
  if (userAgent === null) return 'Dispositivo sconosciuto';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} su ${system}`;
  if (browser) return browser;
  if (system) return `Browser su ${system}`;
  return 'Dispositivo sconosciuto';
}
