import { ReadOnlyNotice as Notice } from '../../../components/ReadOnlyNotice';
import { parts as t } from '../../../i18n/parts';
import { paths } from '../../../lib/paths';

/** The add, edit and delete screens of a part, to a role that cannot change parts. */
export function ReadOnlyNotice({ title }: { title: string }) {
  return (
    <Notice
      title={title}
      heading={t.readOnly.title}
      text={t.readOnly.text}
      back={{ label: t.readOnly.back, href: paths.parts.getHref() }}
    />
  );
}
