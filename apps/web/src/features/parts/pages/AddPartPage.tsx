import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import {
  PART_FIELDS,
  PartInputSchema,
  type PartInput,
  type PartInputDraft,
  type UploadResult,
} from '@magazzino/contract';
import { parts as t } from '../../../i18n/parts';
import { useCreatePart } from '../api/create-part';
import { ImageUpload } from '../components/ImageUpload';
import { PartFields, fieldMessages } from '../components/PartFields';
import { ResultModal } from '../components/ResultModal';
import { serverFieldErrors } from '../components/server-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../components/parts.css';

const EMPTY: PartInputDraft = Object.fromEntries(PART_FIELDS.map((name) => [name, ''])) as PartInputDraft;

/**
 * 'Aggiungi nuovo componente' (SPEC.md screen 8): the image upload, then the form validated by the
 * contract's PartInputSchema. The modal opens once the server confirmed; 'Chiudi' clears the form
 * for the next part (DECISIONS #13).
 */
export default function AddPartPage() {
  useDocumentTitle(t.add.title);
  const [image, setImage] = useState<UploadResult | null>(null);
  // Bumped to remount the upload control (clears the picked file) for the next part.
  const [round, setRound] = useState(0);
  const [added, setAdded] = useState(false);
  const [uploading, setUploading] = useState(false);
  const create = useCreatePart();
  const form = useForm<PartInputDraft, unknown, PartInput>({
    resolver: zodResolver(PartInputSchema),
    defaultValues: EMPTY,
  });
  const { register, handleSubmit, formState, setError, reset, setFocus } = form;

  const onSubmit = handleSubmit((values) => {
    create.mutate(
      { ...values, urlImmagine: image?.secure_url ?? null },
      {
        onSuccess: () => setAdded(true),
        onError: (error) => {
          for (const [name, message] of serverFieldErrors(error)) setError(name, { message });
        },
      },
    );
  });

  const startNext = () => {
    setAdded(false);
    reset(EMPTY);
    setImage(null);
    setRound((n) => n + 1);
    create.reset();
  };

  return (
    <section className="container py-3">
      <h1 id="add-part-title" className="h2 mb-3">
        {t.add.title}
      </h1>
      <ImageUpload
        key={round}
        label={t.upload.pickerLabel}
        previewUrl={image?.secure_url ?? null}
        onUploaded={setImage}
        onBusyChange={setUploading}
      />
      <Form noValidate onSubmit={onSubmit} aria-labelledby="add-part-title">
        <PartFields
          idPrefix="nuovo"
          register={(name) => register(name)}
          errors={fieldMessages(formState.errors)}
          required
        />
        {create.isError && (
          <Alert variant="danger" className="mt-3" role="alert">
            {t.add.failed}: {create.error.message}
          </Alert>
        )}
        <div className="d-flex flex-wrap gap-2 mt-3">
          <Button type="submit" variant="primary" disabled={create.isPending || uploading}>
            {create.isPending ? t.add.submitting : t.add.submit}
          </Button>
          <Link className="btn btn-secondary" to="/dashboardpage">
            {t.add.back}
          </Link>
        </div>
      </Form>
      <ResultModal
        show={added}
        title={t.add.modalTitle}
        body={t.add.modalBody}
        onClose={startNext}
        onExited={() => setFocus('nome')}
      />
    </section>
  );
}
