import { useEffect, useRef, useState, type InputHTMLAttributes, type KeyboardEvent, type Ref } from 'react';
import Form from 'react-bootstrap/Form';
import { comboboxItems, sameValue, type ComboboxItem, type ComboboxOption } from './combobox-items';
import { RequiredMark } from './RequiredMark';
import './combobox.css';

export interface ComboboxProps {
  label: string;
  /** The input's name: the API field. */
  name: string;
  id: string;
  /** The text in the field (controlled: react-hook-form's Controller gives value and onChange). */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The input element, for the form to focus it (an error, 'Chiudi' after a save). */
  inputRef?: Ref<HTMLInputElement>;
  /** The values already in use, in the order to offer them (e.g. alphabetical). */
  options: readonly ComboboxOption[];
  /** False while the values are still loading: nothing is called new before they arrive. */
  optionsLoaded?: boolean;
  /** The accessible name of the list ('Categorie esistenti'). */
  listLabel: string;
  /** The explicit choice of a value not in use yet: 'Nuova categoria «Tappezzeria»'. */
  newOptionLabel: (text: string) => string;
  /** Said under the field while its value is a new one: '«Tappezzeria» sarà una nuova categoria.' */
  newValueNote: (text: string) => string;
  /** What the number beside a value means, for screen readers: '34 componenti'. */
  countLabel: (count: number) => string;
  required?: boolean;
  error?: string | undefined;
  hint?: string | undefined;
  /** Classes of the label + input group (its grid column). */
  className?: string;
  maxLength?: number | undefined;
  enterKeyHint?: InputHTMLAttributes<HTMLInputElement>['enterKeyHint'];
}

function itemText(item: ComboboxItem): string {
  return item.kind === 'existing' ? item.option.value : item.value;
}

/**
 * A text field that offers the values already in use (WAI-ARIA 1.2 combobox with a listbox popup,
 * list autocomplete with manual selection): typing filters them ignoring case and accents, and the
 * list ends with an explicit 'Nuova … «text»' when the text is not one of them. Keyboard: ↓/↑ move
 * through the list (Alt+↓ opens it), Enter chooses, Escape closes it (or, closed, empties the
 * field). Leaving the field with a text that matches an existing value but for case or accents
 * takes that value's spelling, as the server would. Each option is at least 44 px tall.
 */
export function Combobox({
  label,
  name,
  id,
  value,
  onChange,
  onBlur,
  inputRef,
  options,
  optionsLoaded = true,
  listLabel,
  newOptionLabel,
  newValueNote,
  countLabel,
  required = false,
  error,
  hint,
  className = 'mb-3',
  maxLength,
  enterKeyHint,
}: ComboboxProps) {
  const listId = `${id}-listbox`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const noteId = `${id}-note`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);

  const items = comboboxItems(options, value);
  const shown = open && items.length > 0;
  const isNew = optionsLoaded && value.trim() !== '' && !sameValue(options, value);

  // The active option stays in sight while ↓/↑ scroll a long list.
  useEffect(() => {
    if (!shown || active < 0) return;
    const element = listRef.current?.children.item(active);
    // jsdom has no scrollIntoView.
    if (element && 'scrollIntoView' in element) element.scrollIntoView({ block: 'nearest' });
  }, [shown, active]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const choose = (item: ComboboxItem) => {
    onChange(itemText(item));
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    const last = items.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setActive(event.altKey ? -1 : 0);
        } else if (!event.altKey) {
          setActive(active >= last ? 0 : active + 1);
        }
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        setActive(active <= 0 ? last : active - 1);
        break;
      case 'Enter': {
        const item = shown && active >= 0 ? items[active] : undefined;
        if (item) {
          // The choice is the whole of this Enter: the form neither moves on nor submits.
          event.preventDefault();
          choose(item);
        } else if (open) {
          close();
        }
        break;
      }
      case 'Escape':
        if (shown) {
          event.preventDefault();
          event.stopPropagation();
          close();
        } else if (value !== '') {
          event.preventDefault();
          onChange('');
        }
        break;
      case 'Tab':
        close();
        break;
      default:
    }
  };

  const onLeave = () => {
    close();
    // 'carrozzeria' typed where 'Carrozzeria' is in use: the field shows the spelling kept.
    const existing = sameValue(options, value);
    if (existing && existing.value !== value) onChange(existing.value);
    else if (value !== value.trim()) onChange(value.trim());
    onBlur?.();
  };

  const describedBy =
    [error ? errorId : null, isNew ? noteId : null, hint ? hintId : null].filter(Boolean).join(' ') ||
    undefined;

  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>
        {label}
        {required && <RequiredMark />}
      </Form.Label>
      <div className="combobox">
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="text"
          role="combobox"
          className={`form-select combobox-input${error ? ' is-invalid' : ''}`}
          value={value}
          required={required}
          maxLength={maxLength}
          autoComplete="off"
          autoCapitalize="sentences"
          spellCheck={false}
          enterKeyHint={enterKeyHint}
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={listId}
          aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            onChange(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onClick={() => setOpen(!open)}
          onKeyDown={onKeyDown}
          onBlur={onLeave}
        />
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={listLabel}
          className="combobox-listbox"
          hidden={!shown}
        >
          {shown &&
            items.map((item, index) => (
              <li
                key={item.kind === 'existing' ? `e-${item.option.value}` : 'new'}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={`combobox-option${index === active ? ' active' : ''}${item.kind === 'new' ? ' combobox-option-new' : ''}`}
                // The input keeps the focus (and the phone its keyboard) while an option is tapped.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(item)}
              >
                {item.kind === 'existing' ? (
                  <>
                    <span className="combobox-value">{item.option.value}</span>
                    {item.option.count !== undefined && (
                      <span className="combobox-count">
                        <span aria-hidden="true">{item.option.count}</span>
                        <span className="visually-hidden">{countLabel(item.option.count)}</span>
                      </span>
                    )}
                  </>
                ) : (
                  <span className="combobox-value">
                    <span aria-hidden="true">+ </span>
                    {newOptionLabel(item.value)}
                  </span>
                )}
              </li>
            ))}
        </ul>
      </div>
      {isNew && (
        <Form.Text id={noteId} className="d-block combobox-note">
          {newValueNote(value.trim())}
        </Form.Text>
      )}
      {hint && (
        <Form.Text id={hintId} className="d-block">
          {hint}
        </Form.Text>
      )}
      {error && (
        <Form.Control.Feedback type="invalid" id={errorId} className="d-block">
          {error}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}
