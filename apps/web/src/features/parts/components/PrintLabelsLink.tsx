import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { labels as t } from '../../../i18n/labels';
import { paths, type LabelsTarget } from '../../../lib/paths';

interface PrintLabelsLinkProps {
  /** The labels to print: parts by id, or a location's parts. */
  target: LabelsTarget;
  children: ReactNode;
  className?: string;
  /** Opens the labels in a new tab, leaving this screen as it is (the add form between two parts). */
  newTab?: boolean;
}

/**
 * A link to the labels page ('Stampa etichetta', 'Stampa etichette (3)'); its 'Indietro' comes
 * back here, with this screen's query.
 */
export function PrintLabelsLink({
  target,
  children,
  className = 'btn btn-soft-secondary',
  newTab,
}: PrintLabelsLinkProps) {
  const { pathname, search } = useLocation();
  return (
    <Link
      className={className}
      to={paths.labels.getHref(target)}
      state={{ back: pathname + search }}
      {...(newTab ? { target: '_blank', rel: 'noopener' } : {})}
    >
      {children}
      {newTab && <span className="visually-hidden"> ({t.open.newTab})</span>}
    </Link>
  );
}
