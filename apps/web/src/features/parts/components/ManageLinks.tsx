import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Part } from '@magazzino/contract';
import { parts as t } from '../../../i18n/parts';
import { paths } from '../../../lib/paths';
import { useCan } from '../../../lib/session/use-can';
import { useFromHere } from './return-flow';

interface ManageLinksProps {
  part: Part;
  /** 'table': small buttons in the 'Gestisci' cell; 'card': wide, finger-sized buttons on a phone. */
  variant: 'table' | 'card';
  /** Another control among them, before 'Cancella' (a phone card's 'Cambia' menu of the status). */
  extra?: ReactNode;
}

/**
 * 'Visualizza' (the part's page), 'Modifica' and 'Cancella'. Each tells the screen it opens where
 * the clerk came from (this list, with its filters and page), so they come back here afterwards.
 * A role that cannot change parts (sola lettura) gets 'Visualizza' only.
 */
export function ManageLinks({ part, variant, extra }: ManageLinksProps) {
  const state = useFromHere();
  const size = variant === 'table' ? 'btn-sm' : '';
  const canWrite = useCan('parts:write');
  const view = { to: paths.part.getHref(part._id), label: t.table.view, style: 'btn-soft-primary' };
  const links = canWrite
    ? [
        view,
        { to: paths.editPart.getHref(part._id), label: t.table.edit, style: 'btn-primary' },
        {
          to: paths.deletePart.getHref(part._id),
          label: t.table.remove,
          style: 'btn-soft-danger parts-danger',
        },
      ]
    : [view];
  return (
    <div
      className={`parts-manage parts-manage-${variant}${extra && canWrite ? ' parts-manage-crowded' : ''} d-print-none`}
    >
      {links.map((link, index) => (
        <Fragment key={link.label}>
          {index === links.length - 1 && index > 0 && extra}
          <Link className={`btn ${size} ${link.style}`} to={link.to} state={state}>
            {link.label}
            <span className="visually-hidden"> {part.nome}</span>
          </Link>
        </Fragment>
      ))}
      {links.length === 1 && extra}
    </div>
  );
}
