import { useEffect } from 'react';
import { messages } from '../i18n';

/** Sets the tab title to '<title> · Magazzino Ricambi' while the calling page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${messages.common.appName}`;
  }, [title]);
}
