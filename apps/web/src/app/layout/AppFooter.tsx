import Container from 'react-bootstrap/Container';
import { common } from '../../i18n/common';
import { formatYear } from '../../lib/format';
import { useTheme } from '../../lib/theme';
import { ScrollTopButton } from './ScrollTopButton';

const t = common.footer;

/**
 * The bottom bar of every page: the light/dark switch (dark by default) and the scroll-to-top
 * button. The switch is a button (role switch) whose label is part of it, so the whole line is
 * one finger-sized target rather than a 32 × 16 px checkbox.
 */
export function AppFooter() {
  const { theme, toggleTheme } = useTheme();
  return (
    <footer className="app-footer border-top py-2 d-print-none">
      <Container
        fluid
        className="footer-bar d-flex flex-wrap justify-content-between align-items-center gap-2 px-lg-4"
      >
        <span className="small text-body-secondary">{t.copyright(formatYear(new Date()))}</span>
        <button
          type="button"
          role="switch"
          id="theme-switch"
          className="theme-switch"
          aria-checked={theme === 'dark'}
          title={t.themeHint}
          onClick={toggleTheme}
        >
          <span className="theme-switch-track" aria-hidden="true" />
          <span>{t.theme}</span>
        </button>
      </Container>
      <ScrollTopButton />
    </footer>
  );
}
