import { binPrefixCode, binQrPayload } from '@magazzino/contract';
import { labels as t } from '../../../i18n/labels';
import { QrCode } from './QrCode';

interface BinLabelProps {
  /** The bin's segments (scaffale, campata, ripiano, cassetta), or the leading ones of a shelf. */
  segments: readonly string[];
  origin: string;
}

/**
 * A bin's label: the QR of its lookup (`/consultamagazzino?scaffale=B&...`, which lists what the
 * bin holds), its code in large type ('B-04-3-12') and the segments spelled out.
 */
export function BinLabel({ segments, origin }: BinLabelProps) {
  const code = binPrefixCode(segments);
  return (
    <article className="label label-bin" aria-label={t.label.bin(code)}>
      <QrCode className="label-qr" text={binQrPayload(origin, segments)} label={t.label.binQr(code)} />
      <div className="label-text">
        <p className="label-code">{code}</p>
        <p className="label-line">
          {segments.map((segment, index) => `${t.label.segments[index] ?? ''} ${segment.trim()}`).join(' · ')}
        </p>
      </div>
    </article>
  );
}
