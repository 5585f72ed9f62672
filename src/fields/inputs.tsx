import type { ReactElement } from 'react';
import {
  AddItemButton,
  ArrayInput,
  BooleanInput,
  DateInput,
  DateTimeInput,
  ImageField,
  ImageInput,
  RemoveItemButton,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useChoicesContext,
  useTranslate,
  required,
  type RaRecord,
  type Validator,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { ReferenceChoices } from './ReferenceChoices';
import type { Field, FieldKind, Size } from '../../resources';
import { useRegistry } from '../registry-context';
import { useChoiceScopes, type ChoiceScope } from '../screens/extensions';
import { uploadUrl } from '../config';
import { lazyComponent } from '../lazy';
import { RecommendedSize } from './RecommendedSize';
import { ImageListInput } from './ImageListInput';
import { NumberFieldInput } from './NumberFieldInput';
import { choiceOptions } from './ChoiceText';
import { PHONE_DIR, textType, type FieldOfKind, type KindProps } from './kinds';

/**
 * The form input of every field kind. Apart from the list's columns (kinds.tsx) so that a list
 * screen does not carry the form: this module loads with the form dialog or a singleton's page.
 */

/** The rich-text editor (tiptap, ProseMirror) is a chunk of its own, loaded with the first form that has one. */
const RichTextFieldInput = lazyComponent(() => import('./RichTextFieldInput').then((m) => m.RichTextFieldInput), null);

/** What an input receives: its field and resource, and whether it is shown disabled (read-only for the user). */
export type InputProps<F extends Field = Field> = KindProps<F> & { disabled?: boolean };

/** One input per kind; the mapped type makes the compiler fail when a kind lacks one. */
type InputTable = { [K in FieldKind]: (p: InputProps<FieldOfKind<K>>) => ReactElement };

const noneIsMissing =
  (none: unknown): Validator =>
  (v: unknown) =>
    v === none ? 'ra.validation.required' : undefined;

/**
 * A required field's validators. A required reference's `none` (a seeded user's department 0) is
 * no choice at all, unless the descriptor makes it one of its own (`noneChoice`).
 */
export const validators = (f: Field): Validator[] => {
  if (!f.required) return [];
  const noneUnchosen = f.kind === 'reference' && f.none !== undefined && !f.noneChoice;
  return noneUnchosen ? [required(), noneIsMissing(f.none)] : [required()];
};

/**
 * A reference's select over its target's active records (from `ReferenceChoices`), narrowed to what
 * the signed-in user may choose (`ChoiceScope`, from the screen's module). A `none` that is a choice
 * of its own (a user's branch 0: every branch) comes first when offered; otherwise it is shown as
 * empty, not as MUI's out-of-range value, and a required field counts it as missing. Still
 * required: a new record's form starts with nothing chosen.
 */
function RecordChoices({
  field,
  titleField,
  scope,
  disabled,
}: {
  field: FieldOfKind<'reference'>;
  titleField: string;
  scope?: ChoiceScope;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  const { allChoices = [], isPending } = useChoicesContext();
  // The record's own value stays a choice: hiding it would blank the field.
  const current: unknown = useWatch({ name: field.name });
  const only = scope?.only;
  const records = only ? allChoices.filter((c: RaRecord) => only.includes(c.id) || c.id === current) : allChoices;
  const offerNone = Boolean(field.noneChoice) && scope?.noneChoice !== false;
  const choices = offerNone ? [{ id: field.none, [titleField]: translate(field.noneChoice ?? '') }, ...records] : records;
  return (
    <SelectInput
      source={field.name}
      choices={choices}
      // The records' loading state, which explicit choices would otherwise hide.
      isPending={isPending}
      optionText={titleField}
      validate={validators(offerNone ? field : { ...field, noneChoice: undefined })}
      format={offerNone ? undefined : (v: unknown) => (v == null || v === field.none ? '' : v)}
      disabled={disabled}
      fullWidth
    />
  );
}

/** Status travels as 1/0; the switch works with booleans. */
const statusFormat = (v: unknown): boolean => v === 1 || v === '1' || v === true;
const statusParse = (v: unknown): number => (v ? 1 : 0);

/** ImageInput shows {src, title}; the record holds the stored relative path. */
interface Preview {
  src: string;
  title: string;
  path: string;
}
const preview = (v: unknown): unknown =>
  typeof v === 'string' ? (v ? ({ src: uploadUrl(v), title: v, path: v } satisfies Preview) : null) : v;

/** Form preview of a picture: the descriptor's size (operation theatre 200x102), else a medium one. */
const previewSx = (size: Size = [160, 120]) => ({
  // Same specificity as react-admin's own 200x100 rule, and sx comes later, so this one applies.
  '& .RaImageField-image': { width: size[0], height: size[1], objectFit: 'contain', m: 0.5 },
});

const textInput = ({ field, disabled }: InputProps<FieldOfKind<'text' | 'email' | 'phone' | 'url'>>) => (
  <TextInput source={field.name} type={textType[field.kind]} validate={validators(field)} disabled={disabled} fullWidth />
);

const numberInput = ({ field, disabled }: InputProps<FieldOfKind<'integer' | 'money'>>) => (
  <NumberFieldInput field={field} validate={validators(field)} disabled={disabled} />
);

export const inputs: InputTable = {
  text: textInput,
  email: textInput,
  phone: ({ field, disabled }) => (
    <TextInput
      source={field.name}
      type="tel"
      validate={validators(field)}
      disabled={disabled}
      fullWidth
      slotProps={{ htmlInput: PHONE_DIR }}
    />
  ),
  url: textInput,
  longText: ({ field, disabled }) => (
    <TextInput source={field.name} validate={validators(field)} disabled={disabled} multiline minRows={3} fullWidth />
  ),
  richText: function RichTextKindInput({ field, resource, disabled }) {
    const translate = useTranslate();
    return (
      <RichTextFieldInput
        source={field.name}
        label={translate(`resources.${resource}.fields.${field.name}`)}
        validate={validators(field)}
        disabled={disabled}
      />
    );
  },
  integer: numberInput,
  money: numberInput,
  status: ({ field, disabled }) => (
    <BooleanInput source={field.name} format={statusFormat} parse={statusParse} validate={validators(field)} disabled={disabled} />
  ),
  date: ({ field, disabled }) => <DateInput source={field.name} validate={validators(field)} disabled={disabled} fullWidth />,
  datetime: ({ field, disabled }) => <DateTimeInput source={field.name} validate={validators(field)} disabled={disabled} fullWidth />,
  choice: ({ field, resource, disabled }) => (
    <SelectInput source={field.name} choices={choiceOptions(resource, field)} validate={validators(field)} disabled={disabled} fullWidth />
  ),
  reference: function ReferenceFieldInput({ field, resource, disabled }) {
    const target = useRegistry().get(field.reference);
    const scope = useChoiceScopes(resource)[field.name];
    return (
      // Only active records may be chosen (spec: selects are filled with status=1).
      <ReferenceChoices
        source={field.name}
        reference={field.reference}
        filter={{ status: 1 }}
        sort={{ field: target.titleField, order: 'ASC' }}
      >
        <RecordChoices field={field} titleField={target.titleField} scope={scope} disabled={disabled} />
      </ReferenceChoices>
    );
  },
  image: function ImageFieldInput({ field, resource, disabled }) {
    const translate = useTranslate();
    return (
      <ImageInput
        source={field.name}
        // The drop zone's hidden file input needs a name of its own (axe: label).
        inputProps={{ 'aria-label': translate(`resources.${resource}.fields.${field.name}`) }}
        accept={{ 'image/*': [] }}
        format={preview}
        validate={validators(field)}
        disabled={disabled}
        helperText={field.recommended ? <RecommendedSize size={field.recommended} /> : undefined}
      >
        <ImageField source="src" title="title" sx={previewSx(field.formThumbnail)} />
      </ImageInput>
    );
  },
  imageList: ({ field, resource, disabled }) => (
    <ImageListInput
      source={field.name}
      resource={resource}
      validate={validators(field)}
      preview={field.formThumbnail}
      disabled={disabled}
    />
  ),
  rows: ({ field, resource, disabled }) => (
    // Read-only rows are sent back unchanged: no add or remove buttons, each value read-only (not
    // disabled: react-hook-form would leave a disabled row value out, changing the list).
    <ArrayInput source={field.name} validate={validators(field)}>
      <SimpleFormIterator
        inline
        disableReordering
        disabled={disabled}
        addButton={<AddItemButton label="app.add_row" />}
        removeButton={<RemoveItemButton label="app.remove_row" />}
      >
        {field.of.map((sub) => (
          <TextInput
            key={sub.name}
            source={sub.name}
            label={`resources.${resource}.fields.${sub.name}`}
            type={textType[sub.kind]}
            multiline={sub.kind === 'longText'}
            slotProps={sub.kind === 'phone' ? { htmlInput: PHONE_DIR } : undefined}
            validate={sub.required ? [required()] : []}
            readOnly={disabled}
          />
        ))}
      </SimpleFormIterator>
    </ArrayInput>
  ),
};

/** The inputs by a kind only known at run time: `inputByKind[field.kind]` is that field's input. */
// Safe: inputs[k] takes exactly the fields of kind k, which is the field it is looked up by.
export const inputByKind = inputs as unknown as Readonly<Record<FieldKind, (p: InputProps) => ReactElement>>;
