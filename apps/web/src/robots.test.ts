import { describe, expect, it } from 'vitest';
// Served as is from the built app's root (Vite copies public/): a real file, not the app's page.
import robots from '../public/robots.txt?raw';

describe('robots.txt', () => {
  const lines = robots
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));

  it('is a robots file for every crawler, not an HTML page', () => {
    expect(robots).not.toMatch(/<(!doctype|html)/i);
    expect(lines[0]).toBe('User-agent: *');
    for (const line of lines) expect(line).toMatch(/^(User-agent|Allow|Disallow): \S+$/);
  });

  it('keeps crawlers out of the API and the photos, not off the pages', () => {
    const disallowed = lines.filter((line) => line.startsWith('Disallow:')).map((line) => line.slice(10));
    expect(disallowed).toEqual(['/api/', '/media/']);
  });
});
