import type { ReactNode } from 'react';

interface PageHeaderProps {
  /** The page's title: its <h1>, which takes the focus after a route change. */
  title: ReactNode;
  /** A line under the title. */
  lead?: ReactNode;
  /** The page's main actions, at the right of the title (under it on a phone). */
  actions?: ReactNode;
  /** Above the title: a way back ('← Torna all'elenco'). */
  before?: ReactNode;
  /** The heading's id, for a form or region it names. */
  titleId?: string;
}

/** The head of every screen: the same title size, spacing and place for actions everywhere. */
export function PageHeader({ title, lead, actions, before, titleId }: PageHeaderProps) {
  return (
    <div className="page-header">
      <div className="page-header-text">
        {before}
        <h1 id={titleId} className="page-title">
          {title}
        </h1>
        {lead && <p className="page-lead">{lead}</p>}
      </div>
      {actions && <div className="page-actions d-print-none">{actions}</div>}
    </div>
  );
}
