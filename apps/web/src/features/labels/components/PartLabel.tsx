import { binCode, parsePartCode, partQrPayload, type Part } from '@magazzino/contract';
import { labels as t } from '../../../i18n/labels';
import { QrCode } from './QrCode';

/** What a part's label shows: its code, name, vehicle and place. */
export type LabelPart = Pick<
  Part,
  'codiceRicambio' | 'nome' | 'marca' | 'modello' | 'scaffale' | 'campata' | 'ripiano' | 'cassetta'
>;

interface PartLabelProps {
  part: LabelPart;
  /** The app's address the QR leads to (window.location.origin). */
  origin: string;
}

/**
 * A part's label: the QR of its address (`/r/R-004213`, which a phone's camera or 'Scansiona'
 * opens), the code in large type, the name, marca and modello, and the bin it lives in.
 */
export function PartLabel({ part, origin }: PartLabelProps) {
  const code = part.codiceRicambio;
  const seq = parsePartCode(code);
  const place = binCode(part);
  return (
    <article className="label" aria-label={t.label.part(code, part.nome)}>
      {seq !== null && (
        <QrCode className="label-qr" text={partQrPayload(origin, seq)} label={t.label.partQr(code)} />
      )}
      <div className="label-text">
        <p className="label-code">{code}</p>
        <p className="label-name">{part.nome}</p>
        <p className="label-line">
          {part.marca} {part.modello}
        </p>
        <p className="label-place">
          <span className="visually-hidden">{t.label.place} </span>
          {place}
        </p>
      </div>
    </article>
  );
}
