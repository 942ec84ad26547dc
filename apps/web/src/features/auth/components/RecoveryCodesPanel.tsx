import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { messages } from '../../../i18n';

const t = messages.auth.twoFactor.codes;

interface RecoveryCodesPanelProps {
  codes: readonly string[];
  /** Whose codes they are, written at the top of the downloaded file. */
  email: string;
  /** 'Ho salvato i codici': the codes leave the screen for good. */
  onSaved: () => void;
  /** The level of its heading: under the page's h1 (2) or a section's h2 (3, the default). */
  headingLevel?: 2 | 3;
}

/**
 * The ten recovery codes, shown once: readable (monospace, numbered), with 'Copia' (to the
 * clipboard) and 'Scarica' (a text file), and the button that says they were saved.
 */
export function RecoveryCodesPanel({ codes, email, onSaved, headingLevel = 3 }: RecoveryCodesPanelProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = useId();
  const [copied, setCopied] = useState<string | null>(null);
  const text = codes.join('\n');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(t.copied);
    } catch {
      setCopied(t.copyFailed);
    }
  };
  const download = () => {
    const blob = new Blob([t.fileHeader(email), text, '\n'], { type: 'text/plain;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = t.fileName;
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <section aria-labelledby={headingId} className="two-factor-codes">
      <Heading id={headingId} className="h6">
        {t.title}
      </Heading>
      <Alert variant="warning" className="py-2 small">
        {t.intro}
      </Alert>
      <ol aria-label={t.listLabel} className="two-factor-code-list font-monospace">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="d-flex flex-wrap gap-2">
        <Button variant="outline-secondary" onClick={() => void copy()}>
          {t.copy}
        </Button>
        <Button variant="outline-secondary" onClick={download}>
          {t.download}
        </Button>
        <Button variant="primary" onClick={onSaved}>
          {t.saved}
        </Button>
      </div>
      <div role="status" className="small mt-2">
        {copied}
      </div>
    </section>
  );
}
