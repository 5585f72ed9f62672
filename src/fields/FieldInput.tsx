import Box from '@mui/material/Box';
import { useWatch } from 'react-hook-form';
import { derivationOf, isVisible, type Field } from '../../resources';
import { inputByKind } from './inputs';
import { DerivedValue } from './DerivedValue';
import { useScreenExtension } from '../screens/extensions';

interface Props {
  field: Field;
  resource: string;
  /** Shown disabled: a field read-only for the user (its value is not sent; the server keeps it). */
  disabled?: boolean;
}

/** Hides its input unless the watched field holds one of the listed values (optics frame fields). */
function WhenVisible({ field, resource, disabled }: Props & { field: Field & { visibleWhen: NonNullable<Field['visibleWhen']> } }) {
  const value: unknown = useWatch({ name: field.visibleWhen.field });
  const shown = isVisible(field, { [field.visibleWhen.field]: value });
  return shown ? <Plain field={field} resource={resource} disabled={disabled} /> : null;
}

/** Rows, rich text and fields declared wide span the whole form grid. */
const spansRow = (f: Field) => Boolean(f.wide) || f.kind === 'rows' || f.kind === 'richText' || f.kind === 'imageList';

function Plain({ field, resource, disabled }: Props) {
  // A module may edit a field its own way (src/screens/extensions.tsx, `inputs`).
  const Input = useScreenExtension(resource).inputs?.[field.name] ?? inputByKind[field.kind];
  const derived = derivationOf(field);
  // The grid cell is rendered here so that a hidden field leaves no empty cell behind.
  return (
    <Box sx={{ gridColumn: spansRow(field) ? '1 / -1' : 'auto' }}>
      <Input field={field} resource={resource} disabled={disabled} />
      {derived && <DerivedValue source={field.name} derived={derived} />}
    </Box>
  );
}

/** The form input of one descriptor field (its grid cell), with conditions and derivations applied. */
export function FieldInput({ field, resource, disabled = false }: Props) {
  if (field.visibleWhen)
    return <WhenVisible field={{ ...field, visibleWhen: field.visibleWhen }} resource={resource} disabled={disabled} />;
  return <Plain field={field} resource={resource} disabled={disabled} />;
}
