import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useLocation } from 'react-router';
import { common } from '../../i18n/common';

/** Scroll distance after which the button appears. */
const SCROLL_TOP_THRESHOLD = 300;

/** What a finger can activate: if one of these is under the button, the button steps aside. */
const CONTROL =
  'a[href], button, input, select, textarea, summary, label, [role="button"], [role="switch"], [tabindex]:not([tabindex="-1"])';

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/**
 * Whether a control of the page lies under the button's box: the corners and the middle are
 * probed (the button itself, and the page frame under it, do not count).
 */
function coversAControl(button: HTMLElement): boolean {
  const box = button.getBoundingClientRect();
  if (box.width === 0 || typeof document.elementsFromPoint !== 'function') return false;
  const inset = 2;
  const points: [number, number][] = [
    [box.left + inset, box.top + inset],
    [box.right - inset, box.top + inset],
    [box.left + inset, box.bottom - inset],
    [box.right - inset, box.bottom - inset],
    [box.left + box.width / 2, box.top + box.height / 2],
  ];
  return points.some(([x, y]) =>
    document
      .elementsFromPoint(x, y)
      .some((element) => !button.contains(element) && element.closest(CONTROL) !== null),
  );
}

/**
 * The round button that brings the page back to the top, shown after 300 px of scrolling. It
 * never covers a control: while a card's buttons (or any link, field or button) pass under it, it
 * fades out and lets taps through, so a gloved finger always hits what it sees.
 */
export function ScrollTopButton() {
  const [visible, setVisible] = useState(false);
  const [aside, setAside] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    let frame = 0;
    const update = () => {
      setVisible(window.scrollY > SCROLL_TOP_THRESHOLD);
      // What lies under the button is read once per frame, after the layout has settled.
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const element = button.current;
        // A focused button stays where the keyboard user found it.
        if (element && document.activeElement !== element) setAside(coversAControl(element));
      });
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    // The page under the button changes without a scroll too (a list arriving, a panel opening).
    const main = document.getElementById('main');
    const observer = typeof MutationObserver === 'function' ? new MutationObserver(update) : null;
    if (main) observer?.observe(main, { childList: true, subtree: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      observer?.disconnect();
    };
  }, [pathname, visible]);

  if (!visible) return null;
  return (
    <Button
      ref={button}
      variant="primary"
      className={`scroll-top-button rounded-circle shadow${aside ? ' is-aside' : ''}`}
      aria-label={common.footer.scrollTop}
      title={common.footer.scrollTop}
      // Out of the way: out of the tab order too, until it is back.
      tabIndex={aside ? -1 : undefined}
      aria-hidden={aside ? true : undefined}
      onClick={() => {
        window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
        // The button disappears: put keyboard focus somewhere sensible, at the top.
        document.getElementById('main')?.focus({ preventScroll: true });
      }}
    >
      <span aria-hidden="true">↑</span>
    </Button>
  );
}
