import { Link, useLocation } from 'react-router';
import { carriedState } from '../../../lib/session/return-path';

interface SwitchScreenLineProps {
  /** 'Non hai un account?' */
  question: string;
  to: string;
  /** The link's text, 'Registrati'. */
  label: string;
}

/**
 * The footer line that leads from sign-in to sign-up or back, carrying the page first asked for
 * along, so that either screen returns there on success.
 */
export function SwitchScreenLine({ question, to, label }: SwitchScreenLineProps) {
  const location = useLocation();
  return (
    <p className="mb-0">
      {question}{' '}
      <Link to={to} state={carriedState(location.state)}>
        {label}
      </Link>
    </p>
  );
}
