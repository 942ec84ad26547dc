import type { KeyboardEvent } from 'react';

/** The form's fields a clerk types in, in page order (hidden and disabled ones left out). */
function typingFields(form: HTMLFormElement): HTMLElement[] {
  return [...form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].filter(
    (field) => !field.disabled && field.type !== 'hidden' && !field.closest('[hidden]'),
  );
}

/**
 * The add form's Enter key (its `onKeyDown`): in a one-line field, Enter moves to the next field
 * (what the phone's 'Avanti' key promises, enterkeyhint="next") instead of sending a half-filled
 * form; a text area keeps Enter for a new line, a chosen combobox option keeps it for the choice
 * (it prevents the default), and buttons keep it for a click. In the last field Enter sends.
 */
export function moveOnEnter(event: KeyboardEvent<HTMLFormElement>): void {
  if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing) return;
  if (event.shiftKey || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (
    !(target instanceof HTMLInputElement) ||
    ['file', 'checkbox', 'radio', 'submit', 'button'].includes(target.type)
  )
    return;
  const fields = typingFields(event.currentTarget);
  const next = fields[fields.indexOf(target) + 1];
  if (!next) return;
  event.preventDefault();
  next.focus();
}
