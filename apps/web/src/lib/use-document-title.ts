import { useEffect } from 'react';
import { common } from '../i18n/common';

/** Sets the tab title to '<title> · Magazzino Ricambi' while the calling page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${common.appName}`;
  }, [title]);
}
