import type { ReactElement, ReactNode } from 'react';
import {
  AddItemButton,
  ArrayInput,
  BooleanInput,
  DateInput,
  DateTimeInput,
  FunctionField,
  ImageField,
  ImageInput,
  NumberInput,
  ReferenceInput,
  RemoveItemButton,
  SelectInput,
  SimpleFormIterator,
  TextField,
  TextInput,
  useTranslate,
  required,
  type RaRecord,
  type Validator,
} from 'react-admin';
import { asText, parseJsonList, type Field, type FieldKind, type Size } from '../../resources';
import { useRegistry } from '../registry-context';
import { uploadUrl } from '../config';
import { StatusChip } from './StatusChip';
import { Thumbnail } from './Thumbnail';
import { RecommendedSize } from './RecommendedSize';
import { ImageListInput } from './ImageListInput';
import { HtmlField } from './HtmlField';
import { RichTextFieldInput } from './RichTextFieldInput';
import { ChoiceText, choiceOptions } from './ChoiceText';
import { DateText } from '../modules/i18n/DateText';
import { NumberText } from '../modules/i18n/NumberText';
import { embeddedKey } from '../../dataProvider/records';

/** What every kind entry receives: the field and the resource it belongs to (for labels). */
export interface KindProps<F extends Field = Field> {
  field: F;
  resource: string;
}

interface KindEntry<F extends Field> {
  /** The form input. */
  input: (p: KindProps<F>) => ReactElement;
  /** The list cell. */
  column: (p: KindProps<F>) => ReactNode;
  /** The list filter, for fields declared `filter: true`. */
  filter?: (p: KindProps<F>) => ReactElement;
}

/** One entry per kind; the mapped type makes the compiler fail when a kind lacks an entry. */
type KindTable = { [K in FieldKind]: KindEntry<FieldOfKind<K>> };

/** The Field variant(s) whose `kind` admits K (LongTextField serves both longText and richText). */
type FieldOfKind<K extends FieldKind> = Field extends infer F ? (F extends { kind: infer FK } ? (K extends FK ? F : never) : never) : never;

export const validators = (f: Field): Validator[] => (f.required ? [required()] : []);

/** Price inputs: anything that is not a number becomes 0 (spec 001 section 5). */
const toNumber = (v: unknown): number => {
  if (v === '' || v === null || v === undefined) return 0;
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
};

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

const textType = { text: 'text', longText: 'text', email: 'email', phone: 'tel', url: 'url' } as const;

/** Form preview of a picture: the descriptor's size (operation theatre 200x102), else a medium one. */
const previewSx = (size: Size = [160, 120]) => ({
  // Same specificity as react-admin's own 200x100 rule, and sx comes later, so this one applies.
  '& .RaImageField-image': { width: size[0], height: size[1], objectFit: 'contain', m: 0.5 },
});

const textLike: KindEntry<FieldOfKind<'text' | 'email' | 'phone' | 'url'>> = {
  input: ({ field }) => <TextInput source={field.name} type={textType[field.kind]} validate={validators(field)} fullWidth />,
  column: ({ field }) => <TextField source={field.name} />,
  filter: ({ field }) => <TextInput source={field.name} />,
};

/**
 * Phone numbers read left to right in every language: in right-to-left the digits, "+" and
 * dashes must not be mirrored, so inputs and cells carry `dir="ltr"` (the field itself still
 * sits on the right).
 */
const PHONE_DIR = { dir: 'ltr' } as const;
const phone: KindEntry<FieldOfKind<'phone'>> = {
  input: ({ field }) => (
    <TextInput source={field.name} type="tel" validate={validators(field)} fullWidth slotProps={{ htmlInput: PHONE_DIR }} />
  ),
  column: ({ field }) => <TextField source={field.name} {...PHONE_DIR} />,
  filter: ({ field }) => <TextInput source={field.name} slotProps={{ htmlInput: PHONE_DIR }} />,
};

const numberLike: KindEntry<FieldOfKind<'integer' | 'money'>> = {
  input: ({ field }) => (
    <NumberInput
      source={field.name}
      validate={validators(field)}
      parse={toNumber}
      step={field.kind === 'money' ? 0.01 : 1}
      min={field.min}
      // A derived value is computed, never typed.
      readOnly={Boolean(field.derived)}
      fullWidth
    />
  ),
  column: ({ field }) => <NumberText source={field.name} money={field.kind === 'money'} />,
  filter: ({ field }) => <NumberInput source={field.name} />,
};

/** A filter element needs `source` on its own props; the wrapper forwards what the filter form adds. */
function ReferenceFilterInput({ field, ...rest }: { field: Extract<Field, { kind: 'reference' }>; source: string }) {
  const target = useRegistry().get(field.reference);
  return (
    <ReferenceInput {...rest} source={field.name} reference={field.reference} filter={{ status: 1 }}>
      <SelectInput optionText={target.titleField} />
    </ReferenceInput>
  );
}

export const kinds: KindTable = {
  text: textLike,
  email: textLike,
  phone,
  url: textLike,
  longText: {
    input: ({ field }) => <TextInput source={field.name} validate={validators(field)} multiline minRows={3} fullWidth />,
    column: ({ field }) => <TextField source={field.name} />,
  },
  richText: {
    input: function RichTextKindInput({ field, resource }) {
      const translate = useTranslate();
      return (
        <RichTextFieldInput
          source={field.name}
          label={translate(`resources.${resource}.fields.${field.name}`)}
          validate={validators(field)}
        />
      );
    },
    column: ({ field }) =>
      field.listAsHtml ? (
        <HtmlField source={field.name} />
      ) : (
        // Lists show the text only unless the descriptor asks for the HTML (chamber).
        <FunctionField
          render={(r: RaRecord) =>
            asText(r[field.name] ?? '')
              .replace(/<[^>]*>/g, ' ')
              .trim()
          }
        />
      ),
  },
  integer: numberLike,
  money: numberLike,
  status: {
    input: ({ field }) => <BooleanInput source={field.name} format={statusFormat} parse={statusParse} validate={validators(field)} />,
    column: ({ field }) => <StatusChip source={field.name} />,
  },
  date: {
    input: ({ field }) => <DateInput source={field.name} validate={validators(field)} fullWidth />,
    column: ({ field }) => <DateText source={field.name} />,
  },
  datetime: {
    input: ({ field }) => <DateTimeInput source={field.name} validate={validators(field)} fullWidth />,
    column: ({ field }) => <DateText source={field.name} showTime />,
  },
  choice: {
    input: ({ field, resource }) => (
      <SelectInput source={field.name} choices={choiceOptions(resource, field)} validate={validators(field)} fullWidth />
    ),
    column: ({ field, resource }) => <ChoiceText source={field.name} resource={resource} />,
    filter: ({ field, resource }) => <SelectInput source={field.name} choices={choiceOptions(resource, field)} />,
  },
  reference: {
    input: function ReferenceFieldInput({ field }) {
      const target = useRegistry().get(field.reference);
      return (
        // Only active records may be chosen (spec: selects are filled with status=1).
        <ReferenceInput
          source={field.name}
          reference={field.reference}
          filter={{ status: 1 }}
          sort={{ field: target.titleField, order: 'ASC' }}
        >
          <SelectInput optionText={target.titleField} validate={validators(field)} fullWidth />
        </ReferenceInput>
      );
    },
    column: function ReferenceColumn({ field }) {
      return <TextField source={`${embeddedKey(field)}.${useRegistry().get(field.reference).titleField}`} sortBy={field.name} />;
    },
    filter: ({ field }) => <ReferenceFilterInput source={field.name} field={field} />,
  },
  image: {
    input: function ImageFieldInput({ field, resource }) {
      const translate = useTranslate();
      return (
        <ImageInput
          source={field.name}
          // The drop zone's hidden file input needs a name of its own (axe: label).
          inputProps={{ 'aria-label': translate(`resources.${resource}.fields.${field.name}`) }}
          accept={{ 'image/*': [] }}
          format={preview}
          validate={validators(field)}
          helperText={field.recommended ? <RecommendedSize size={field.recommended} /> : undefined}
        >
          <ImageField source="src" title="title" sx={previewSx(field.formThumbnail)} />
        </ImageInput>
      );
    },
    column: ({ field }) => <Thumbnail source={field.name} size={field.thumbnail} linkTo={field.linkTo} />,
  },
  imageList: {
    input: ({ field, resource }) => (
      <ImageListInput source={field.name} resource={resource} validate={validators(field)} preview={field.formThumbnail} />
    ),
    column: ({ field }) => <Thumbnail source={field.name} size={field.thumbnail} />,
  },
  rows: {
    input: ({ field, resource }) => (
      <ArrayInput source={field.name} validate={validators(field)}>
        <SimpleFormIterator
          inline
          disableReordering
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
            />
          ))}
        </SimpleFormIterator>
      </ArrayInput>
    ),
    column: ({ field }) => <FunctionField render={(r: RaRecord) => parseJsonList(r[field.name]).length} />,
  },
};

/** Untyped access by a field whose kind is only known at run time. */
export function entryOf(f: Field): KindEntry<Field> {
  // Safe: kinds[f.kind] is the entry for exactly this field's kind.
  return kinds[f.kind] as unknown as KindEntry<Field>;
}
