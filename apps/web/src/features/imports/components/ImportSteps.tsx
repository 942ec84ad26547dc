import { imports as t } from '../../../i18n/imports';

/** The four steps of an import, in order. */
export type ImportStep = 'file' | 'mapping' | 'preview' | 'run';
const STEPS: readonly ImportStep[] = ['file', 'mapping', 'preview', 'run'];

/** Where the clerk is: the four steps, the current one marked (aria-current="step"). */
export function ImportSteps({ current }: { current: ImportStep }) {
  const reached = STEPS.indexOf(current);
  return (
    <ol className="import-steps" aria-label={t.steps.label}>
      {STEPS.map((step, index) => (
        <li
          key={step}
          className={
            index < reached ? 'import-step-done' : index === reached ? 'import-step-current' : undefined
          }
          aria-current={index === reached ? 'step' : undefined}
        >
          <span className="import-step-number" aria-hidden="true">
            {index + 1}
          </span>
          {t.steps[step]}
        </li>
      ))}
    </ol>
  );
}
