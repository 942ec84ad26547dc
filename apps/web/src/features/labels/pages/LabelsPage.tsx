import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import { Link, useLocation, useSearchParams } from 'react-router';
import { binPrefixCode } from '@magazzino/contract';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { PageHeader } from '../../../components/PageHeader';
import { PageSpinner } from '../../../components/PageSpinner';
import { labels as t } from '../../../i18n/labels';
import { paths, type LabelsFormat } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { BinLabel } from '../components/BinLabel';
import { ChoiceButtons } from '../components/ChoiceButtons';
import { readLabelRequest, type LabelRequest } from '../components/label-request';
import { LabelSheet, LABELS_PER_SHEET, type LabelItem } from '../components/LabelSheet';
import { PartLabel } from '../components/PartLabel';
import { useLabels, type LabelContent } from '../components/use-labels';
import '../components/labels.css';

/** The printed page of each format: its size, and no margin the printer would add. */
const PAGE_RULES: Record<LabelsFormat, string> = {
  // 8 rows of 37 mm are 296 of the sheet's 297 mm: half a millimetre above them.
  a4: '@page { size: A4; margin: 0.5mm 0 0 0; }',
  rotolo: '@page { size: 62mm 29mm; margin: 0; }',
};

/** Where 'Indietro' leads: the screen that opened the page (its state), else the list or the lookup. */
function backPath(state: unknown, request: LabelRequest): string {
  const back = (state as { back?: unknown } | null)?.back;
  if (typeof back === 'string' && back.startsWith('/')) return back;
  if (request.segments.length === 0) return paths.parts.getHref();
  const search = new URLSearchParams();
  ['scaffale', 'campata', 'ripiano', 'cassetta'].forEach((name, index) => {
    const segment = request.segments[index];
    if (segment !== undefined) search.set(name, segment);
  });
  return `${paths.warehouse.getHref()}?${search.toString()}`;
}

/** The labels to draw, keyed. */
function labelItems(content: LabelContent, origin: string): LabelItem[] {
  if (content.kind === 'bins') {
    return content.bins.map((segments) => ({
      key: binPrefixCode(segments),
      label: <BinLabel segments={segments} origin={origin} />,
    }));
  }
  return content.parts.map((part) => ({
    key: part.codiceRicambio,
    label: <PartLabel part={part} origin={origin} />,
  }));
}

/**
 * 'Etichette': the labels of some parts (by id: a part's 'Stampa etichetta', the list's selected
 * rows) or of the parts or bins under a location (the lookup), drawn at their printed size, with a
 * toolbar to switch the format and 'Stampa'. The toolbar, the navbar and the footer stay off the
 * paper; the page's @page rule sets the paper: an A4 sheet of 3 × 8 labels of 70 × 37 mm, or a
 * 62 × 29 mm roll label per page for a thermal printer. Everything is in the URL, so the same
 * labels print again after a reload.
 */
export default function LabelsPage() {
  useDocumentTitle(t.page.title);
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const request = readLabelRequest(search);
  const labels = useLabels(request);

  useEffect(() => {
    // Scopes the print stylesheet to this screen: nothing but the labels reaches the paper.
    document.body.classList.add('print-labels');
    return () => document.body.classList.remove('print-labels');
  }, []);

  const change = (name: 'formato' | 'tipo', value: string, byDefault: string) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === byDefault) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true, state: location.state as unknown },
    );

  const items = labels.content ? labelItems(labels.content, window.location.origin) : [];
  const sheets = Math.ceil(items.length / LABELS_PER_SHEET);
  const where = request.segments.length > 0 ? binPrefixCode(request.segments) : '';

  return (
    <section className="container labels-page">
      <style>{PAGE_RULES[request.formato]}</style>
      <div className="d-print-none">
        <PageHeader
          before={
            <Link className="page-back" to={backPath(location.state, request)}>
              <span aria-hidden="true">← </span>
              {t.page.back}
            </Link>
          }
          title={where === '' ? t.page.title : `${t.page.title} ${where}`}
          lead={items.length > 0 ? t.page.summary(items.length, request.formato, sheets) : undefined}
          actions={
            <Button variant="primary" onClick={() => window.print()} disabled={items.length === 0}>
              {t.page.print}
            </Button>
          }
        />
        {!labels.nothingAsked && (
          <div className="labels-toolbar">
            <ChoiceButtons
              legend={t.page.formatLegend}
              value={request.formato}
              options={[
                { value: 'a4', label: t.page.formats.a4 },
                { value: 'rotolo', label: t.page.formats.rotolo },
              ]}
              onChange={(formato) => change('formato', formato, 'a4')}
            />
            {request.segments.length > 0 && (
              <ChoiceButtons
                legend={t.page.kindLegend}
                value={request.tipo}
                options={[
                  { value: 'componenti', label: t.page.kinds.componenti },
                  { value: 'ubicazioni', label: t.page.kinds.ubicazioni },
                ]}
                onChange={(tipo) => change('tipo', tipo, 'componenti')}
              />
            )}
          </div>
        )}
        {items.length > 0 && <p className="small text-body-secondary">{t.page.printHint}</p>}
        {labels.content?.kind === 'parts' && labels.content.missing > 0 && (
          <p className="alert alert-warning py-2">{t.page.missing(labels.content.missing)}</p>
        )}
        {labels.content?.truncated && (
          <p className="alert alert-warning py-2">{t.page.truncated(items.length)}</p>
        )}
      </div>
      {labels.nothingAsked && (
        <EmptyState
          title={t.page.empty}
          text={t.page.nothingChosen}
          action={
            <>
              <Link className="btn btn-primary" to={paths.parts.getHref()}>
                {t.page.toList}
              </Link>
              <Link className="btn btn-soft-secondary" to={paths.warehouse.getHref()}>
                {t.page.toLookup}
              </Link>
            </>
          }
        />
      )}
      {labels.pending && <PageSpinner />}
      {labels.error && (
        <ErrorMessage title={t.page.loadError} error={labels.error} onRetry={labels.refetch} />
      )}
      {labels.content && items.length === 0 && (
        <EmptyState
          icon="shelf"
          title={t.page.empty}
          text={
            labels.content.kind === 'bins'
              ? t.page.emptyBins
              : request.segments.length > 0
                ? t.page.emptyParts
                : undefined
          }
        />
      )}
      {items.length > 0 && <LabelSheet items={items} format={request.formato} />}
    </section>
  );
}
