import { Fragment, useId } from 'react';

interface ChoiceButtonsProps<T extends string> {
  legend: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}

/** A small group of radio buttons drawn as joined buttons (arrows move between them, as radios do). */
export function ChoiceButtons<T extends string>({ legend, value, options, onChange }: ChoiceButtonsProps<T>) {
  const name = useId();
  return (
    <fieldset className="labels-choice">
      <legend className="labels-choice-legend">{legend}</legend>
      <div className="btn-group">
        {options.map((option) => {
          const id = `${name}-${option.value}`;
          return (
            <Fragment key={option.value}>
              <input
                type="radio"
                className="btn-check"
                name={name}
                id={id}
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
              />
              <label
                className={`btn ${value === option.value ? 'btn-primary' : 'btn-soft-secondary'}`}
                htmlFor={id}
              >
                {option.label}
              </label>
            </Fragment>
          );
        })}
      </div>
    </fieldset>
  );
}
