import Button from 'react-bootstrap/Button';
import type { BinEntry } from '@magazzino/contract';
import { messages } from '../../../i18n';
import { formatDateTime } from '../../../lib/format';
import { useMediaQuery } from '../../../lib/use-media-query';
import { formatDay } from './format';
import { PartLocation } from './PartLocation';
import { PHONE } from './PartsTable';
import { PartThumbnail } from './PartThumbnail';

const t = messages.bin;

/** What a row's buttons do; `busy` is the part whose request is running. */
export interface BinActions {
  onRestore: (entry: BinEntry) => void;
  /** 'Elimina per sempre': only for a role that may empty the bin. */
  onPurge?: ((entry: BinEntry) => void) | undefined;
  busy: string | null;
}

function RowButtons({ entry, actions, card }: { entry: BinEntry; actions: BinActions; card: boolean }) {
  const { componente } = entry;
  const busy = actions.busy === componente._id;
  const size = card ? undefined : 'sm';
  return (
    <div className={`d-flex flex-wrap gap-2 ${card ? 'bin-card-actions' : ''}`}>
      <Button variant="primary" size={size} disabled={busy} onClick={() => actions.onRestore(entry)}>
        {busy ? t.restoring : t.restore}
        <span className="visually-hidden">{t.of(componente.nome)}</span>
      </Button>
      {actions.onPurge && (
        <Button variant="soft-danger" size={size} disabled={busy} onClick={() => actions.onPurge?.(entry)}>
          {t.purge}
          <span className="visually-hidden">{t.of(componente.nome)}</span>
        </Button>
      )}
    </div>
  );
}

const deletedBy = (entry: BinEntry) => entry.eliminatoDa?.username ?? t.unknownUser;

/** The parts in the bin: a table on a tablet or desktop, a card each on a phone. */
export function BinList({ entries, actions }: { entries: readonly BinEntry[]; actions: BinActions }) {
  const phone = useMediaQuery(PHONE);
  const c = t.columns;
  if (phone) {
    return (
      <ul className="list-unstyled mb-3" aria-label={t.caption}>
        {entries.map((entry) => {
          const part = entry.componente;
          return (
            <li key={part._id} className="card parts-card">
              <div className="parts-card-main">
                <PartThumbnail part={part} size="small" />
                <div className="parts-card-text">
                  <h2 className="parts-card-title">{part.nome}</h2>
                  <p className="parts-card-line">
                    {part.categoria}
                    <span aria-hidden="true"> · </span>
                    <PartLocation location={part} />
                  </p>
                  <p className="small text-body-secondary mb-0">
                    {c.eliminatoIl}{' '}
                    <time dateTime={entry.eliminatoIl}>{formatDateTime(entry.eliminatoIl)}</time> (
                    {deletedBy(entry)})
                  </p>
                  <p className="small text-body-secondary mb-0">
                    {c.scadeIl} <time dateTime={entry.scadeIl}>{formatDay(entry.scadeIl)}</time>
                  </p>
                </div>
              </div>
              <RowButtons entry={entry} actions={actions} card />
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <div className="table-responsive">
      <table className="table table-striped align-middle bin-table">
        <caption className="visually-hidden">{t.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{c.immagine}</th>
            <th scope="col">{c.nome}</th>
            <th scope="col">{c.categoria}</th>
            <th scope="col">{c.ubicazione}</th>
            <th scope="col">{c.eliminatoIl}</th>
            <th scope="col">{c.eliminatoDa}</th>
            <th scope="col">{c.scadeIl}</th>
            <th scope="col">{c.azioni}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const part = entry.componente;
            return (
              <tr key={part._id}>
                <td>
                  <PartThumbnail part={part} size="small" />
                </td>
                <th scope="row" className="fw-semibold text-break">
                  {part.nome}
                </th>
                <td className="text-break">{part.categoria}</td>
                <td>
                  <PartLocation location={part} />
                </td>
                <td className="text-nowrap">
                  <time dateTime={entry.eliminatoIl}>{formatDateTime(entry.eliminatoIl)}</time>
                </td>
                <td className="text-break">{deletedBy(entry)}</td>
                <td className="text-nowrap">
                  <time dateTime={entry.scadeIl}>{formatDay(entry.scadeIl)}</time>
                </td>
                <td>
                  <RowButtons entry={entry} actions={actions} card={false} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
