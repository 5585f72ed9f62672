import type { ReactElement, ReactNode } from 'react';
import { FunctionField, NumberInput, SelectInput, TextField, TextInput, useChoicesContext, useTranslate, type RaRecord } from 'react-admin';
import { ReferenceChoices } from './ReferenceChoices';
import { asText, parseJsonList, type Field, type FieldKind } from '../../resources';
import { useRegistry } from '../registry-context';
import { lazyComponent } from '../lazy';
import { StatusChip } from './StatusChip';
import { Thumbnail } from './Thumbnail';
import { ChoiceText, choiceOptions } from './ChoiceText';
import { DateText } from '../modules/i18n/DateText';
import { NumberText } from '../modules/i18n/NumberText';
import { embeddedKey } from '../../dataProvider/records';

/** HTML cells (with DOMPurify) load with the first list that shows one (chamber). */
const HtmlField = lazyComponent(() => import('./HtmlField').then((m) => m.HtmlField), null);

/** What every kind entry receives: the field and the resource it belongs to (for labels). */
export interface KindProps<F extends Field = Field> {
  field: F;
  resource: string;
}

/**
 * How a list shows each kind: its column and, for fields declared `filter: true`, its filter.
 * The form inputs are in inputs.tsx, which loads with the form (a list does not carry them).
 */
interface KindEntry<F extends Field> {
  /** The list cell. */
  column: (p: KindProps<F>) => ReactNode;
  /** The list filter, for fields declared `filter: true`. */
  filter?: (p: KindProps<F>) => ReactElement;
  /** False for a kind whose column has no order (pictures, nested rows): no sort control. */
  sortable?: false;
}

/** One entry per kind; the mapped type makes the compiler fail when a kind lacks an entry. */
type KindTable = { [K in FieldKind]: KindEntry<FieldOfKind<K>> };

/** The Field variant(s) whose `kind` admits K (LongTextField serves both longText and richText). */
export type FieldOfKind<K extends FieldKind> = Field extends infer F
  ? F extends { kind: infer FK }
    ? K extends FK
      ? F
      : never
    : never
  : never;

export const textType = { text: 'text', longText: 'text', email: 'email', phone: 'tel', url: 'url' } as const;

const textLike: KindEntry<FieldOfKind<'text' | 'email' | 'phone' | 'url'>> = {
  column: ({ field }) => <TextField source={field.name} />,
  filter: ({ field }) => <TextInput source={field.name} />,
};

/**
 * Phone numbers read left to right in every language: in right-to-left the digits, "+" and
 * dashes must not be mirrored, so inputs and cells carry `dir="ltr"` (the field itself still
 * sits on the right).
 */
export const PHONE_DIR = { dir: 'ltr' } as const;
const phone: KindEntry<FieldOfKind<'phone'>> = {
  column: ({ field }) => <TextField source={field.name} {...PHONE_DIR} />,
  filter: ({ field }) => <TextInput source={field.name} slotProps={{ htmlInput: PHONE_DIR }} />,
};

const numberLike: KindEntry<FieldOfKind<'integer' | 'money'>> = {
  column: ({ field }) => <NumberText source={field.name} money={field.kind === 'money'} />,
  filter: ({ field }) => <NumberInput source={field.name} />,
};

/**
 * A reference filter's select, which says why it offers nothing when its target has no active
 * record (a failed read shows the server's reason, as every select does).
 */
function FilterChoices({ optionText, reference }: { optionText: string; reference: string }) {
  const translate = useTranslate();
  const { allChoices, isPending, error } = useChoicesContext();
  const none = !isPending && !error && allChoices.length === 0;
  const name = translate(`resources.${reference}.name`, { smart_count: 2 });
  return <SelectInput optionText={optionText} helperText={none ? translate('filters.no_choices', { name }) : false} />;
}

/** A filter element needs `source` on its own props; the wrapper forwards what the filter form adds. */
function ReferenceFilterInput({ field, ...rest }: { field: Extract<Field, { kind: 'reference' }>; source: string }) {
  const target = useRegistry().get(field.reference);
  return (
    <ReferenceChoices {...rest} source={field.name} reference={field.reference} filter={{ status: 1 }}>
      <FilterChoices optionText={target.titleField} reference={field.reference} />
    </ReferenceChoices>
  );
}

export const kinds: KindTable = {
  text: textLike,
  email: textLike,
  phone,
  url: textLike,
  longText: {
    column: ({ field }) => <TextField source={field.name} />,
  },
  richText: {
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
    column: ({ field }) => <StatusChip source={field.name} />,
  },
  date: {
    column: ({ field }) => <DateText source={field.name} />,
  },
  datetime: {
    column: ({ field }) => <DateText source={field.name} showTime />,
  },
  choice: {
    column: ({ field, resource }) => <ChoiceText source={field.name} resource={resource} />,
    filter: ({ field, resource }) => <SelectInput source={field.name} choices={choiceOptions(resource, field)} />,
  },
  reference: {
    column: function ReferenceColumn({ field }) {
      return <TextField source={`${embeddedKey(field)}.${useRegistry().get(field.reference).titleField}`} sortBy={field.name} />;
    },
    filter: ({ field }) => <ReferenceFilterInput source={field.name} field={field} />,
  },
  image: {
    sortable: false,
    column: ({ field }) => <Thumbnail source={field.name} size={field.thumbnail} linkTo={field.linkTo} />,
  },
  imageList: {
    sortable: false,
    column: ({ field }) => <Thumbnail source={field.name} size={field.thumbnail} />,
  },
  rows: {
    sortable: false,
    column: ({ field }) => <FunctionField render={(r: RaRecord) => parseJsonList(r[field.name]).length} />,
  },
};

/** Untyped access by a field whose kind is only known at run time. */
export function entryOf(f: Field): KindEntry<Field> {
  // Safe: kinds[f.kind] is the entry for exactly this field's kind.
  return kinds[f.kind] as unknown as KindEntry<Field>;
}
