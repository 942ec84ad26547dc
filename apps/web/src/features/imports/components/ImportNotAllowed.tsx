import { ReadOnlyNotice } from '../../../components/ReadOnlyNotice';
import { imports as t } from '../../../i18n/imports';
import { paths } from '../../../lib/paths';

/**
 * What 'Importa componenti' shows a role that cannot change parts (sola lettura): why, and the way
 * to the list. The server refuses the import calls anyway (403); nothing is asked of it here.
 */
export function ImportNotAllowed() {
  return (
    <ReadOnlyNotice
      title={t.title}
      heading={t.readOnly.title}
      text={t.readOnly.text}
      back={{ label: t.readOnly.back, href: paths.parts.getHref() }}
    />
  );
}
