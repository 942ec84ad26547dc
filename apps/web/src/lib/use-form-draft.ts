import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { draftKey, useDraft, type DraftControls } from './drafts';
import { useSession } from './session/session-context';

export interface FormDraftControls<T> extends DraftControls<T> {
  /** When the draft put back into the form was saved (null when the form started clean). */
  restoredAt: string | null;
  /** Hides the notice about the restored draft (the draft itself stays until saved). */
  dismissNotice: () => void;
}

/**
 * The draft of a form (`form`: 'nuovo', 'modifica.<id>', 'veicolo.nuovo'...) for the signed-in user. A draft
 * found when the form opens is handed to `apply` once; the form then reports its changes with
 * `save` and calls `clear` once the server saved them.
 */
export function useFormDraft<T>(form: string, apply: (draft: T) => void): FormDraftControls<T> {
  const { user } = useSession();
  const controls = useDraft<T>(user ? draftKey(user._id, form) : null);
  const [restoredAt, setRestoredAt] = useState<string | null>(null);
  const applied = useRef<string | null>(null);
  const applyDraft = useEffectEvent(apply);

  const { restored } = controls;
  useEffect(() => {
    if (!restored || applied.current === restored.savedAt) return;
    applied.current = restored.savedAt;
    applyDraft(restored.data);
    setRestoredAt(restored.savedAt);
  }, [restored]);

  return { ...controls, restoredAt, dismissNotice: () => setRestoredAt(null) };
}
