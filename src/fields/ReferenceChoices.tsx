import { Offline, ReferenceInputBase, type ReferenceInputBaseProps } from 'react-admin';

const offline = <Offline variant="inline" />;

/**
 * react-admin's `<ReferenceInput>` minus its default child. That default, `<AutocompleteInput>`, is
 * imported even when a child is given, and with it MUI's Autocomplete: about 9 kB gzip on the
 * list's first visit for nothing, since the console always passes a `<SelectInput>` (issue 14).
 * Same props and behaviour otherwise, offline notice included.
 */
export function ReferenceChoices(props: ReferenceInputBaseProps) {
  return <ReferenceInputBase offline={offline} {...props} />;
}
