import { useRecordContext, useTranslate } from 'react-admin';
import Typography from '@mui/material/Typography';

/** Catalogue key of a choice's label: `resources.<resource>.choices.<field>.<value>`. */
export const choiceKey = (resource: string, field: string, value: string) => `resources.${resource}.choices.${field}.${value}`;

/** Choices for a SelectInput, labelled from the catalogue (react-admin translates choice names). */
export const choiceOptions = (resource: string, field: { name: string; choices: readonly string[] }) =>
  field.choices.map((c) => ({ id: c, name: choiceKey(resource, field.name, c) }));

/** A list cell showing a stored choice in the current language (the stored value if unknown). */
export function ChoiceText({ resource, source }: { resource: string; source: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const value: unknown = record?.[source];
  if (typeof value !== 'string' || value === '') return null;
  return (
    <Typography component="span" variant="body2">
      {translate(choiceKey(resource, source, value), { _: value })}
    </Typography>
  );
}
