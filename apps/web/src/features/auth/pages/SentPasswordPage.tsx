import { Link } from 'react-router';
import { messages } from '../../../i18n';
import { paths } from '../../../lib/paths';
import { AuthCard } from '../components/AuthCard';

const t = messages.auth.sent;

/** Confirmation after asking for a reset link. */
export default function SentPasswordPage() {
  return (
    <AuthCard title={t.title} footer={<Link to={paths.login.getHref()}>{t.back}</Link>}>
      <p>{t.text}</p>
      <p className="small text-body-secondary mb-0">{t.note}</p>
    </AuthCard>
  );
}
