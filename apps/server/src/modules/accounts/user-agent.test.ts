import { describe, expect, it } from 'vitest';
import { describeUserAgent, storedUserAgent, USER_AGENT_MAX } from './user-agent.js';

describe('user agents', () => {
  it('names the browser and the system in Italian', () => {
    const cases: [string, string][] = [
      [
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
        'Chrome su Android',
      ],
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
        'Firefox su Windows',
      ],
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
        'Edge su Windows',
      ],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
        'Safari su iPhone',
      ],
      [
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
        'Safari su macOS',
      ],
      ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox su Linux'],
      [
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
        'Chrome su Linux',
      ],
      ['curl/8.5.0', 'curl'],
      ['lightMyRequest', 'Dispositivo sconosciuto'],
    ];
    for (const [userAgent, described] of cases) expect(describeUserAgent(userAgent)).toBe(described);
    expect(describeUserAgent(null)).toBe('Dispositivo sconosciuto');
  });

  it('stores a header without control characters, trimmed and bounded', () => {
    expect(storedUserAgent(undefined)).toBeNull();
    expect(storedUserAgent('   ')).toBeNull();
    expect(storedUserAgent(' Firefox\r\nX-Finto: 1 ')).toBe('Firefox  X-Finto: 1');
    expect(storedUserAgent('a'.repeat(5000))).toHaveLength(USER_AGENT_MAX);
  });
});
