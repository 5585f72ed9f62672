import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import TextField from '@mui/material/TextField';
import { FieldTitle, InputHelperText, minValue, useInput, useLocaleState, type Validator } from 'react-admin';
import type { Field } from '../../resources';
import { formatInputNumber, parseInputNumber } from './localNumber';

type NumberField = Extract<Field, { kind: 'integer' | 'money' }>;

/** More than two decimals is no price; the server would round it, so the form says so first. */
const cents: Validator = (v: unknown) =>
  typeof v === 'number' && Math.abs(Math.round(v * 100) - v * 100) > 1e-6 ? 'app.validation.two_decimals' : undefined;
const whole: Validator = (v: unknown) => (typeof v === 'number' && !Number.isInteger(v) ? 'app.validation.whole_number' : undefined);

/**
 * The form's number input (prices, stock): a text input that shows the value as the list does, in
 * the language's digits and decimal sign, and reads back what is typed the same way. Not the
 * browser's number input: that one showed "0.8" beside the list's "0,80" in Spanish, and stopped a
 * third decimal with the browser's own English bubble whatever the language; here the form's own
 * translated validation speaks. Anything that is not a number counts as 0 (spec 001 section 5).
 */
export function NumberFieldInput({ field, validate }: { field: NumberField; validate: Validator[] }) {
  const [locale] = useLocaleState();
  const money = field.kind === 'money';
  const readOnly = Boolean(field.derived);
  const rules = [...validate, money ? cents : whole, ...(field.min === undefined ? [] : [minValue(field.min)])];
  const {
    field: input,
    fieldState: { error, invalid },
    id,
    isRequired,
  } = useInput({ source: field.name, validate: rules, readOnly });
  const shown = formatInputNumber(input.value, locale, money);
  // What the person is typing, shown as typed ("0," on the way to "0,8") until they leave the input.
  const [typed, setTyped] = useState<string>();
  const editing = useRef(false);
  useEffect(() => {
    if (!editing.current) setTyped(undefined);
  }, [input.value]);
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    setTyped(event.target.value);
    input.onChange(parseInputNumber(event.target.value, locale) ?? 0);
  };
  const { ref, onBlur, ...rest } = input;
  return (
    <TextField
      {...rest}
      id={id}
      inputRef={ref}
      value={typed ?? shown}
      onChange={change}
      onFocus={() => {
        editing.current = true;
      }}
      onBlur={() => {
        editing.current = false;
        setTyped(undefined);
        onBlur();
      }}
      className={`ra-input ra-input-${field.name}`}
      size="small"
      fullWidth
      error={invalid}
      disabled={readOnly}
      helperText={<InputHelperText error={error?.message} />}
      label={<FieldTitle source={field.name} isRequired={isRequired} />}
      slotProps={{ htmlInput: { inputMode: money ? 'decimal' : 'numeric', readOnly } }}
    />
  );
}
