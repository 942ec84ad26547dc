import type { Page } from 'playwright-core';

/** Everything a finger can activate: links, buttons, fields, and ARIA widgets that take focus. */
const INTERACTIVE = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  '[role="button"]',
  '[role="switch"]',
  '[role="checkbox"]',
  '[role="option"]',
  '[role="menuitem"]',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/** One control as drawn: what it is, and its box in CSS pixels. */
export interface TapTarget {
  /** 'button "Cancella Faro"', 'a "Elenco componenti"', 'input#filtro-q'. */
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** A destructive control (red: Bootstrap's danger buttons, or marked as such). */
  destructive: boolean;
}

/**
 * Every control a finger can reach on the page as it is drawn now: visible (not display:none,
 * not visibility:hidden, not clipped to a pixel like Bootstrap's .visually-hidden, not disabled),
 * with its box. Controls inside a closed menu or a collapsed panel are not there to be tapped.
 */
export async function tapTargets(page: Page): Promise<TapTarget[]> {
  return page.evaluate((selector) => {
    const describe = (el: Element): string => {
      const tag = el.tagName.toLowerCase();
      const id = el.id ? `#${el.id}` : '';
      const text = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 60);
      return `${tag}${id}${text ? ` "${text}"` : ''}`;
    };
    return [...document.querySelectorAll(selector)]
      .filter((el) => {
        if ((el as HTMLButtonElement).disabled) return false;
        if (!el.checkVisibility({ checkOpacity: true, visibilityProperty: true })) return false;
        const box = el.getBoundingClientRect();
        return box.width > 1 && box.height > 1;
      })
      .map((el) => {
        const box = el.getBoundingClientRect();
        const className = typeof el.className === 'string' ? el.className : '';
        return {
          label: describe(el),
          x: box.left + window.scrollX,
          y: box.top + window.scrollY,
          width: box.width,
          height: box.height,
          destructive: /\b(btn-danger|btn-outline-danger|btn-soft-danger|parts-danger)\b/.test(className),
        };
      });
  }, INTERACTIVE);
}

/** The controls smaller than `min` × `min` px. */
export function tooSmall(targets: readonly TapTarget[], min = 44): TapTarget[] {
  return targets.filter((t) => t.width < min - 0.5 || t.height < min - 0.5);
}

/** The empty space between two boxes (0 when they touch or overlap). */
export function gapBetween(a: TapTarget, b: TapTarget): number {
  const dx = Math.max(0, Math.max(a.x, b.x) - Math.min(a.x + a.width, b.x + b.width));
  const dy = Math.max(0, Math.max(a.y, b.y) - Math.min(a.y + a.height, b.y + b.height));
  return Math.hypot(dx, dy);
}

/** Every destructive control closer than `min` px to another control, with that distance. */
export function crowdedDestructive(
  targets: readonly TapTarget[],
  min = 8,
): { destructive: string; neighbour: string; gap: number }[] {
  const crowded: { destructive: string; neighbour: string; gap: number }[] = [];
  for (const danger of targets.filter((t) => t.destructive)) {
    for (const other of targets) {
      if (other === danger) continue;
      // A control inside the other one (a button in a card link) is not a neighbour.
      const inside =
        other.x >= danger.x &&
        other.y >= danger.y &&
        other.x + other.width <= danger.x + danger.width &&
        other.y + other.height <= danger.y + danger.height;
      const gap = gapBetween(danger, other);
      if (!inside && gap < min) crowded.push({ destructive: danger.label, neighbour: other.label, gap });
    }
  }
  return crowded;
}

/** A readable list of boxes for assertion messages: 'button "‹" 34×38'. */
export function describeTargets(targets: readonly TapTarget[]): string {
  return targets.map((t) => `${t.label} ${Math.round(t.width)}×${Math.round(t.height)}`).join('\n');
}
