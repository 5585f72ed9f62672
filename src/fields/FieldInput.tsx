import { useWatch } from 'react-hook-form';
import type { Field } from '../../resources';
import { entryOf } from './kinds';
import { DerivedValue } from './DerivedValue';

interface Props {
  field: Field;
  resource: string;
}

/** Hides its input unless the watched field holds one of the listed values (optics frame fields). */
function WhenVisible({ field, resource }: Props & { field: Field & { visibleWhen: NonNullable<Field['visibleWhen']> } }) {
  const value: unknown = useWatch({ name: field.visibleWhen.field });
  const shown = field.visibleWhen.in.some((v) => String(v) === String(value));
  return shown ? <Plain field={field} resource={resource} /> : null;
}

function Plain({ field, resource }: Props) {
  const Input = entryOf(field).input;
  const derived = (field.kind === 'integer' || field.kind === 'money') && field.derived;
  return (
    <>
      <Input field={field} resource={resource} />
      {derived && <DerivedValue source={field.name} derived={derived} />}
    </>
  );
}

/** The form input of one descriptor field, with its conditions and derivations applied. */
export function FieldInput({ field, resource }: Props) {
  if (field.visibleWhen) return <WhenVisible field={{ ...field, visibleWhen: field.visibleWhen }} resource={resource} />;
  return <Plain field={field} resource={resource} />;
}
