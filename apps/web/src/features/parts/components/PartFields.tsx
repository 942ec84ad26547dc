import type { InputHTMLAttributes, ReactNode } from 'react';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import {
  PART_FIELD_SPECS,
  fieldsOfGroup,
  type FieldGroup,
  type FieldKind,
  type FieldSpec,
  type PartField,
} from '@magazzino/contract';
import { Combobox } from '../../../components/Combobox';
import { FormField, type FieldControl } from '../../../components/FormField';
import { parts as t } from '../../../i18n/parts';
import { useCategories } from '../api/get-categories';
import { useConditions } from '../api/get-conditions';
import { isMoney } from './format';
import type { PartFormValues } from './part-form-values';
import './parts.css';

export type { PartFormValues } from './part-form-values';

type InputMode = InputHTMLAttributes<HTMLInputElement>['inputMode'];

/** How each kind of field is entered (the contract says which kind a field is). */
const KIND_CONTROLS = {
  text: { control: 'text' },
  longText: { control: 'textarea' },
  decimal: { control: 'decimal' },
  year: { control: 'text', inputMode: 'numeric' },
} as const satisfies Record<FieldKind, { control: FieldControl; inputMode?: InputMode }>;

/** The fields chosen among the values in use (Combobox), and the texts of each. */
const CHOSEN = {
  categoria: t.form.categoria,
  condizione: t.form.condizione,
} as const;
type ChosenField = keyof typeof CHOSEN;

function isChosen(name: PartField): name is ChosenField {
  return name in CHOSEN;
}

/**
 * Where each field sits in its group: its place (the order a clerk fills a part in: what it is
 * first, the optional details after), whether it takes half the group's width from 576 px up,
 * and its help text. Every field is listed: a new field in the contract does not compile until
 * it is placed here.
 */
const FIELD_LAYOUT = {
  nome: { order: 1 },
  categoria: { order: 2, half: true },
  condizione: { order: 3, half: true },
  codice: { order: 4, half: true },
  peso: { order: 5, half: true, hint: t.hints.peso },
  prezzo: { order: 6, half: true, hint: t.hints.prezzo },
  descrizione: { order: 7 },
  marca: { order: 1, half: true },
  modello: { order: 2, half: true },
  versione: { order: 3, half: true },
  annoImmatricolazione: { order: 4, half: true },
  scaffale: { order: 1, half: true },
  campata: { order: 2, half: true },
  ripiano: { order: 3, half: true },
  cassetta: { order: 4, half: true },
} as const satisfies Record<PartField, { order: number; half?: boolean; hint?: string }>;

/** Codes are typed in capitals; names and models start with one. */
const AUTO_CAPITALIZE: Partial<Record<PartField, string>> = { codice: 'characters' };

const GROUPS = ['componente', 'veicolo', 'ubicazione'] as const satisfies readonly FieldGroup[];

/** The fields of a group, in the order of the form. */
function fieldsInOrder(group: FieldGroup): PartField[] {
  return [...fieldsOfGroup(group)].sort((a, b) => FIELD_LAYOUT[a].order - FIELD_LAYOUT[b].order);
}

interface PartFieldsProps<T> {
  /** Binds a text field to the form (react-hook-form's register). */
  register: UseFormRegister<PartFormValues>;
  /** The form's control, for the fields chosen among the values in use. */
  control: Control<PartFormValues, unknown, T>;
  /** The form's errors (the contract's messages, or the server's). */
  errors: FieldErrors<PartFormValues>;
  /** Prefix of the input ids, unique per form. */
  idPrefix: string;
  /**
   * Enter moves to the next field (the form handles it, see moveOnEnter), and a phone's keyboard
   * says so ('Avanti'): the add form, filled field after field.
   */
  enterMovesOn?: boolean;
  /** What a group shows above its fields (the 'Veicolo' group: the donor vehicle linked). */
  groupIntro?: Partial<Record<FieldGroup, ReactNode>>;
  /** More groups after the part's own, in the same grid (the add form's 'Foto'). */
  children?: ReactNode;
}

/**
 * The part's fields in three groups (fieldsets 'Componente', 'Veicolo', 'Ubicazione'), two
 * columns of groups on a desktop, one column on a phone. Required fields carry an asterisk (the
 * contract says which); categoria and condizione are chosen among the values in use.
 */
export function PartFields<T>({
  register,
  control,
  errors,
  idPrefix,
  enterMovesOn = false,
  groupIntro = {},
  children,
}: PartFieldsProps<T>) {
  const categories = useCategories();
  const conditions = useConditions();
  const inUse = {
    categoria: {
      options: (categories.data ?? []).map(({ categoria, count }) => ({ value: categoria, count })),
      loaded: categories.isSuccess,
    },
    condizione: {
      options: (conditions.data ?? []).map(({ condizione, count }) => ({ value: condizione, count })),
      loaded: conditions.isSuccess,
    },
  } satisfies Record<ChosenField, unknown>;
  const enterKeyHint = enterMovesOn ? 'next' : undefined;

  const field = (name: PartField) => {
    const spec: FieldSpec = PART_FIELD_SPECS[name];
    const layout: { order: number; half?: boolean; hint?: string } = FIELD_LAYOUT[name];
    const id = `${idPrefix}-${name}`;
    const className = layout.half ? 'col-12 col-sm-6' : 'col-12';
    const message = errors[name]?.message;
    const error = typeof message === 'string' && message !== '' ? message : undefined;
    if (isChosen(name)) {
      const texts = CHOSEN[name];
      return (
        <Controller
          key={name}
          name={name}
          control={control}
          render={({ field: binding }) => (
            <Combobox
              id={id}
              name={binding.name}
              value={binding.value}
              onChange={binding.onChange}
              onBlur={binding.onBlur}
              inputRef={binding.ref}
              className={className}
              label={spec.label}
              required={spec.required}
              maxLength={spec.maxLength}
              error={error}
              options={inUse[name].options}
              optionsLoaded={inUse[name].loaded}
              listLabel={texts.list}
              newOptionLabel={texts.newOption}
              newValueNote={texts.newNote}
              countLabel={t.form.count}
              enterKeyHint={enterKeyHint}
            />
          )}
        />
      );
    }
    const kind = KIND_CONTROLS[spec.kind];
    return (
      <FormField
        key={name}
        {...register(name)}
        {...kind}
        id={id}
        className={className}
        label={spec.label}
        maxLength={spec.maxLength}
        decimals={spec.decimals}
        fixedDecimals={isMoney(spec)}
        hint={layout.hint}
        required={spec.required}
        error={error}
        autoComplete="off"
        autoCapitalize={AUTO_CAPITALIZE[name]}
        enterKeyHint={kind.control === 'textarea' ? undefined : enterKeyHint}
      />
    );
  };

  return (
    <div className="part-form-grid">
      {GROUPS.map((group) => (
        <fieldset key={group} className={`part-fieldset part-fieldset-${group}`}>
          <legend className="part-legend">{t.form.groups[group]}</legend>
          {groupIntro[group]}
          <div className="row g-3">{fieldsInOrder(group).map(field)}</div>
        </fieldset>
      ))}
      {children}
    </div>
  );
}
