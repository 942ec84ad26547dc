import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { imports as t } from '../../../i18n/imports';
import { formatInteger } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import type { ImportSummary } from '@magazzino/contract';
import { refusedRowsUrl } from '../api/refused-rows';
import { StepHeading } from './StepHeading';

interface RunStatusProps {
  summary: ImportSummary;
  onAnother: () => void;
  focusTitle: boolean;
}

/** The share of the rows done, 0–100 (a file without rows is done at once). */
function percentDone({ elaborate, righe }: ImportSummary): number {
  return righe === 0 ? 100 : Math.min(100, Math.floor((elaborate / righe) * 100));
}

/**
 * Step 4: a progress bar while the import runs (the page polls the summary), then what it did —
 * parts created and updated, rows refused with the file of those rows — and the way to the list.
 */
export function RunStatus({ summary, onAnother, focusTitle }: RunStatusProps) {
  const id = useId();
  const running = summary.stato === 'in_corso';
  const failed = summary.stato === 'fallito';
  const percent = percentDone(summary);
  const title = running ? t.run.title : failed ? t.run.failedTitle : t.run.doneTitle;

  return (
    <section aria-labelledby={`${id}-title`}>
      {/* A new heading per state: the one that appears takes the focus, so the end is announced. */}
      <StepHeading key={summary.stato} id={`${id}-title`} focus={focusTitle || !running}>
        {title}
      </StepHeading>
      <p className="text-body-secondary">{summary.nomeFile}</p>
      {running && (
        <div
          className="progress import-progress mb-3"
          role="progressbar"
          aria-label={t.run.progress}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent}% · ${t.run.progressText(formatInteger(summary.elaborate), formatInteger(summary.righe))}`}
        >
          <div
            className="progress-bar progress-bar-striped progress-bar-animated"
            style={{ width: `${percent}%` }}
          >
            {percent}%
          </div>
        </div>
      )}
      {running && <p>{t.run.progressText(formatInteger(summary.elaborate), formatInteger(summary.righe))}</p>}
      {failed && (
        <div className="alert alert-warning">
          <p className="mb-0">{t.run.failedText}</p>
          {summary.errore && <p className="mb-0 mt-2">{t.run.reason(summary.errore)}</p>}
        </div>
      )}
      <dl className="import-totals">
        <div>
          <dt>{t.run.importate}</dt>
          <dd>{formatInteger(summary.importate)}</dd>
        </div>
        <div>
          <dt>{t.run.aggiornate}</dt>
          <dd>{formatInteger(summary.aggiornate)}</dd>
        </div>
        <div>
          <dt>{t.run.scartate}</dt>
          <dd>{formatInteger(summary.scartate)}</dd>
        </div>
      </dl>
      {!running && (
        <>
          {summary.scartate > 0 && (
            <p>
              <a className="btn btn-outline-danger" href={refusedRowsUrl(summary._id)} download>
                {t.run.downloadRefused}
              </a>
              <span className="d-block form-text">{t.run.refusedHelp}</span>
            </p>
          )}
          <div className="d-flex flex-wrap gap-2">
            <Link className="btn btn-primary" to={paths.parts.getHref()}>
              {t.run.toList}
            </Link>
            <Button variant="outline-secondary" onClick={onAnother}>
              {t.run.another}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
