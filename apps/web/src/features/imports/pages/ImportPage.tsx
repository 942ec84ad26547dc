import { useEffect, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { DraftNotice } from '../../../components/DraftNotice';
import { PageHeader } from '../../../components/PageHeader';
import { PageSpinner } from '../../../components/PageSpinner';
import { imports as t } from '../../../i18n/imports';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/session/use-can';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFormDraft } from '../../../lib/use-form-draft';
import { useImport } from '../api/get-import';
import {
  IMPORT_LIMITS,
  type ImportMapping,
  type ImportMode,
  type ImportSummary,
  type ImportTarget,
} from '@magazzino/contract';
import { usePreviewImport } from '../api/preview-import';
import { importKeys } from '../api/query-keys';
import { useRunImport } from '../api/run-import';
import { useUploadImport } from '../api/upload-import';
import { FileStep } from '../components/FileStep';
import { ImportHistory } from '../components/ImportHistory';
import { ImportNotAllowed } from '../components/ImportNotAllowed';
import { ImportSteps } from '../components/ImportSteps';
import { completeMapping, mappingProblems, restoredMapping } from '../components/mapping';
import { MappingStep } from '../components/MappingStep';
import { PreviewStep } from '../components/PreviewStep';
import { RunStatus } from '../components/RunStatus';
import '../components/imports.css';

/** The URL parameter naming the import shown: a reload or a link from the history opens it again. */
const IMPORT_PARAM = 'importazione';

/**
 * 'Importa componenti' (docs/product.md, "Importa"), for the roles that change parts: choose a
 * CSV or Excel file → map its columns → preview the first rows with their errors → import, with
 * a progress bar and the summary. Sola lettura sees why not, and nothing is asked of the server.
 */
export default function ImportPage() {
  useDocumentTitle(t.title);
  const canWrite = useCan('parts:write');
  return canWrite ? <Importer /> : <ImportNotAllowed />;
}

/** The message of a failed call: the server's field message about the mapping first. */
function failureOf(error: unknown): string | null {
  if (!error) return null;
  if (error instanceof ApiError) return error.fields.mappatura ?? error.message;
  return t.file.failed;
}

function Importer() {
  const [search, setSearch] = useSearchParams();
  const id = search.get(IMPORT_PARAM);
  // Once the clerk has done something here, each new step's heading takes the focus.
  const [acted, setActed] = useState(false);
  const upload = useUploadImport();
  // A file over the server's limit is refused here, before minutes of uploading.
  const [tooBig, setTooBig] = useState(false);

  const show = (next: string | null) => setSearch(next === null ? {} : { [IMPORT_PARAM]: next });
  const onChoose = (file: File) => {
    setActed(true);
    setTooBig(file.size > IMPORT_LIMITS.maxBytes);
    if (file.size > IMPORT_LIMITS.maxBytes) {
      upload.reset();
      return;
    }
    upload.mutate(file, { onSuccess: (summary) => show(summary._id) });
  };
  const startOver = () => {
    setActed(true);
    upload.reset();
    show(null);
  };
  const uploading =
    upload.isPending && upload.variables ? { name: upload.variables.name, progress: upload.progress } : null;
  // An upload cancelled by the clerk is no failure to report.
  const uploadError = tooBig
    ? t.file.tooBig
    : upload.error instanceof DOMException
      ? null
      : failureOf(upload.error);

  return (
    <section className="container-fluid px-lg-4 import-page">
      <PageHeader title={t.title} lead={t.lead} />
      {id === null ? (
        <>
          <ImportSteps current="file" />
          <FileStep
            onChoose={onChoose}
            onCancel={upload.cancel}
            uploading={uploading}
            error={uploadError}
            focusTitle={acted}
          />
          <ImportHistory />
        </>
      ) : (
        <ImportShown key={id} id={id} acted={acted} onAct={() => setActed(true)} onStartOver={startOver} />
      )}
    </section>
  );
}

interface ShownProps {
  id: string;
  acted: boolean;
  onAct: () => void;
  onStartOver: () => void;
}

/** An uploaded import: its mapping and preview until it runs, then its progress and summary. */
function ImportShown({ id, acted, onAct, onStartOver }: ShownProps) {
  const query = useImport(id);
  const queryClient = useQueryClient();
  const stato = query.data?.stato;
  const finished = stato === 'completato' || stato === 'fallito';

  // The import changed the warehouse: every list, count and part this tab has seen is stale (no
  // feature knows another's query keys, so all but the imports' own are marked).
  useEffect(() => {
    if (!finished) return;
    void queryClient.invalidateQueries({ predicate: (entry) => entry.queryKey[0] !== importKeys.all[0] });
    void queryClient.invalidateQueries({ queryKey: importKeys.lists });
  }, [finished, queryClient]);

  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    return (
      <>
        <div className="alert alert-danger" role="alert">
          {t.run.loadError}: {failureOf(query.error)}
        </div>
        <Button variant="primary" onClick={onStartOver}>
          {t.run.another}
        </Button>
      </>
    );
  }
  const summary = query.data;
  if (summary.stato === 'caricato') {
    return <MappingFlow summary={summary} acted={acted} onAct={onAct} onStartOver={onStartOver} />;
  }
  return (
    <>
      <ImportSteps current="run" />
      <RunStatus summary={summary} onAnother={onStartOver} focusTitle={acted} />
      {finished && <ImportHistory />}
    </>
  );
}

interface MappingFlowProps {
  summary: ImportSummary;
  acted: boolean;
  onAct: () => void;
  onStartOver: () => void;
}

/** Steps 2 and 3: the mapping (kept while going back and forth) and the preview it gives. */
function MappingFlow({ summary, acted, onAct, onStartOver }: MappingFlowProps) {
  // The first values of each column, read by the server from the file (CSV or XLSX).
  const samples = useMemo(
    () => Object.fromEntries(summary.colonne.map((colonna, index) => [colonna, summary.esempi[index] ?? []])),
    [summary.colonne, summary.esempi],
  );
  const [mapping, setMapping] = useState<ImportMapping>(() =>
    completeMapping(summary.colonne, summary.mappatura),
  );
  // The columns chosen survive a reload or a session that ended under the mapping (lib/drafts.ts).
  const draft = useFormDraft<ImportMapping>(`importazione.${summary._id}`, (restored) =>
    setMapping(restoredMapping(summary.colonne, summary.mappatura, restored)),
  );
  const [step, setStep] = useState<'mapping' | 'preview'>('mapping');
  const preview = usePreviewImport();
  const run = useRunImport();
  const problems = useMemo(() => mappingProblems(summary.colonne, mapping), [summary.colonne, mapping]);

  const onChange = (colonna: string, field: ImportTarget | null) => {
    const changed = { ...mapping, [colonna]: field };
    setMapping(changed);
    draft.save(changed);
    preview.reset();
  };
  const onPreview = () => {
    onAct();
    draft.flush();
    preview.mutate({ id: summary._id, mappatura: mapping }, { onSuccess: () => setStep('preview') });
  };
  const onRun = (modalita: ImportMode) => {
    draft.flush();
    run.mutate({ id: summary._id, mappatura: mapping, modalita }, { onSuccess: draft.clear });
  };
  const discardDraft = () => {
    draft.clear();
    setMapping(completeMapping(summary.colonne, summary.mappatura));
    preview.reset();
  };
  const startOver = () => {
    draft.clear();
    onStartOver();
  };
  const onBack = () => {
    run.reset();
    setStep('mapping');
  };

  return (
    <>
      <ImportSteps current={step} />
      <DraftNotice draft={draft} onDiscard={discardDraft} />
      {step === 'preview' && preview.data ? (
        <PreviewStep
          colonne={summary.colonne}
          mapping={mapping}
          preview={preview.data}
          onRun={onRun}
          onBack={onBack}
          pending={run.isPending}
          serverError={failureOf(run.error)}
          focusTitle
        />
      ) : (
        <MappingStep
          summary={summary}
          samples={samples}
          mapping={mapping}
          problems={problems}
          onChange={onChange}
          onSubmit={onPreview}
          onOtherFile={startOver}
          pending={preview.isPending}
          serverError={failureOf(preview.error)}
          focusTitle={acted}
        />
      )}
    </>
  );
}
