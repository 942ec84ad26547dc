import { useId } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { messages } from '../../../i18n';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ActiveSessions } from '../components/ActiveSessions';
import { TwoFactorSection } from '../components/TwoFactorSection';

const t = messages.security.account;

/** The password: a link to 'Cambia password'. */
function PasswordSection() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mb-5">
      <h2 id={headingId} className="h4">
        {t.password.title}
      </h2>
      <p className="text-body-secondary">{t.password.text}</p>
      <Link to={paths.changePassword.getHref()} className="btn btn-outline-secondary">
        {t.password.link}
      </Link>
    </section>
  );
}

/**
 * 'Il tuo account' (/account/sicurezza, from the user menu): the account's security, one section
 * after the other. A new section is a component of its own, added to this list.
 */
export default function AccountSecurityPage() {
  useDocumentTitle(t.title);
  return (
    <div className="container account-security">
      <PageHeader title={t.title} lead={t.lead} />
      <ActiveSessions />
      <PasswordSection />
      <TwoFactorSection />
    </div>
  );
}
