import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import { messages } from '../../i18n';
import { formatYear } from '../../lib/format';
import { useTheme } from '../../lib/theme';
import { ScrollTopButton } from './ScrollTopButton';

const t = messages.common.footer;

/** The bottom bar of every page: the light/dark switch (dark by default) and the scroll-to-top button. */
export function AppFooter() {
  const { theme, toggleTheme } = useTheme();
  return (
    <footer className="app-footer border-top bg-body-tertiary py-3 d-print-none">
      <Container
        fluid
        className="footer-bar d-flex flex-wrap justify-content-between align-items-center gap-2 px-lg-4"
      >
        <span className="small text-body-secondary">{t.copyright(formatYear(new Date()))}</span>
        <Form.Check
          type="switch"
          role="switch"
          id="theme-switch"
          className="mb-0"
          label={t.theme}
          title={t.themeHint}
          checked={theme === 'dark'}
          onChange={toggleTheme}
        />
      </Container>
      <ScrollTopButton />
    </footer>
  );
}
