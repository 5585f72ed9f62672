import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import TextField from '@mui/material/TextField';
import { useFormContext } from 'react-hook-form';
import { FieldTitle, InputHelperText, minValue, useInput, useLocaleState, type Validator } from 'react-admin';
import type { Field } from '../../resources';
import { formatInputNumber, parseInputNumber } from './localNumber';

type NumberField = Extract<Field, { kind: 'integer' | 'money' }>;

/**
 * Text that is no number stays in the form as typed (never 0): this rule marks it, so the form
 * cannot be saved until it is put right.
 */
const numeric: Validator = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? 'ra.validation.number' : undefined);
/** More than two decimals is no price; the server would round it, so the form says so first. */
const cents: Validator = (v: unknown) =>
  typeof v === 'number' && Math.abs(Math.round(v * 100) - v * 100) > 1e-6 ? 'app.validation.two_decimals' : undefined;
const whole: Validator = (v: unknown) => (typeof v === 'number' && !Number.isInteger(v) ? 'app.validation.whole_number' : undefined);

/**
 * The form's value for what is typed: the number read in the language's way, null for nothing,
 * or the text itself when it is no number (the `numeric` rule then says so beside the input).
 */
export function numberInputValue(text: string, language: string): number | string | null {
  if (text.trim() === '') return null;
  return parseInputNumber(text, language) ?? text;
}

/**
 * The form's number input (prices, stock): a text input that shows the value as the list does, in
 * the language's digits and decimal sign, and reads back what is typed the same way. Not the
 * browser's number input: that one showed "0.8" beside the list's "0,80" in Spanish, and stopped a
 * third decimal with the browser's own English bubble whatever the language; here the form's own
 * translated validation speaks.
 *
 * Entering the input selects what it holds, so typing "12.50" over a pre-filled "0.00" replaces it
 * (it once became "0.0012.50"). What is not a number is never turned into 0 (spec 001 section 5
 * said so; prices typed as words were once saved as 0 without a word): it stays as typed with an error beside it
 * as soon as the input is left, and the form is not saved.
 */
export function NumberFieldInput({ field, validate, disabled = false }: { field: NumberField; validate: Validator[]; disabled?: boolean }) {
  const [locale] = useLocaleState();
  const money = field.kind === 'money';
  const readOnly = Boolean(field.derived);
  const rules = [...validate, numeric, money ? cents : whole, ...(field.min === undefined ? [] : [minValue(field.min)])];
  const {
    field: input,
    fieldState: { error, invalid },
    id,
    isRequired,
  } = useInput({ source: field.name, validate: rules, readOnly, disabled });
  const { trigger } = useFormContext();
  // A number is shown the language's way; text that is no number is shown as it was typed.
  const shown = typeof input.value === 'string' ? input.value : formatInputNumber(input.value, locale, money);
  // What the person is typing, shown as typed ("0," on the way to "0,8") until they leave the input.
  const [typed, setTyped] = useState<string>();
  const editing = useRef(false);
  // Set by a press of the pointer that focuses the input: its release would put the caret where
  // it was pressed, undoing the selection made on focus.
  const keepSelection = useRef(false);
  useEffect(() => {
    if (!editing.current) setTyped(undefined);
  }, [input.value]);
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    setTyped(event.target.value);
    input.onChange(numberInputValue(event.target.value, locale));
  };
  const { ref, onBlur, ...rest } = input;
  return (
    <TextField
      {...rest}
      id={id}
      inputRef={ref}
      value={typed ?? shown}
      onChange={change}
      onMouseDown={(event) => {
        keepSelection.current = document.activeElement !== event.target;
      }}
      onMouseUp={(event) => {
        if (keepSelection.current) event.preventDefault();
        keepSelection.current = false;
      }}
      onFocus={(event) => {
        editing.current = true;
        event.target.select();
      }}
      onBlur={() => {
        editing.current = false;
        setTyped(undefined);
        onBlur();
        // Said as the input is left, not only at Save: the person is still looking at it. Looked
        // at again once put right (before a first Save, the form checks only when asked).
        if (typeof input.value === 'string' || invalid) void trigger(field.name);
      }}
      className={`ra-input ra-input-${field.name}`}
      size="small"
      fullWidth
      error={invalid}
      disabled={readOnly || disabled}
      helperText={<InputHelperText error={error?.message} />}
      label={<FieldTitle source={field.name} isRequired={isRequired} />}
      slotProps={{ htmlInput: { inputMode: money ? 'decimal' : 'numeric', readOnly } }}
    />
  );
}
