import type { ReactNode } from 'react';
import { messages } from '../i18n';

interface LoadingSkeletonProps {
  /** The grey shapes, drawn at the size of what will replace them (no jump when it arrives). */
  children: ReactNode;
  className?: string;
}

/**
 * A list on its way: grey placeholder rows in the list's own shape, softly pulsing (Bootstrap's
 * placeholders), announced once to screen readers as 'Caricamento in corso…'.
 */
export function LoadingSkeleton({ children, className = '' }: LoadingSkeletonProps) {
  return (
    <div role="status" aria-busy="true" className={`loading-skeleton placeholder-glow ${className}`}>
      <span className="visually-hidden">{messages.common.loading}</span>
      <div aria-hidden="true">{children}</div>
    </div>
  );
}
