import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { messages } from '../../i18n';

/** Scroll distance after which the button appears. */
const SCROLL_TOP_THRESHOLD = 300;

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** The round button that brings the page back to the top, shown after 300 px of scrolling. */
export function ScrollTopButton() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  if (!visible) return null;
  return (
    <Button
      variant="primary"
      className="scroll-top-button rounded-circle shadow"
      aria-label={messages.common.footer.scrollTop}
      title={messages.common.footer.scrollTop}
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
