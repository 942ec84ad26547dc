import type { ReactNode } from 'react';
import { LineIcon } from './LineIcon';

/** The pictogram of an empty state (decorative). */
export type EmptyStateIcon = 'box' | 'search' | 'shelf';

const ICONS: Record<EmptyStateIcon, string> = {
  // An open box.
  box: 'M3 8l9-5 9 5v8l-9 5-9-5zM3 8l9 5 9-5M12 13v8',
  // A magnifying glass.
  search: 'M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13zM15.5 15.5L21 21',
  // An empty shelf.
  shelf: 'M3 3v18M21 3v18M3 9h18M3 15h18',
};

interface EmptyStateProps {
  /** What is (not) there: 'Nessun componente trovato'. */
  title: string;
  /** Why, or what to do about it. */
  text?: string | undefined;
  /** The next step: a button or a link ('Aggiungi il primo componente', 'Azzera filtri'). */
  action?: ReactNode;
  icon?: EmptyStateIcon;
  /** The heading level of the title within the page (h2 by default). */
  headingLevel?: 2 | 3;
}

/** Nothing to show, said plainly, with the next step a clerk can take from here. */
export function EmptyState({ title, text, action, icon = 'box', headingLevel = 2 }: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="empty-state">
      <span className="empty-state-icon" aria-hidden="true">
        <LineIcon path={ICONS[icon]} />
      </span>
      <Heading className="empty-state-title">{title}</Heading>
      {text && <p className="empty-state-text">{text}</p>}
      {action && <div className="empty-state-actions">{action}</div>}
    </div>
  );
}
