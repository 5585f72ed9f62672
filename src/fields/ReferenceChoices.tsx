import { Offline, ReferenceInputBase, type ReferenceInputBaseProps } from 'react-admin';
import { MAX_LIST_LIMIT } from '../../resources';

const offline = <Offline variant="inline" />;

/**
 * react-admin's `<ReferenceInput>` minus its default child. That default, `<AutocompleteInput>`, is
 * imported even when a child is given, and with it MUI's Autocomplete: about 9 kB gzip on the
 * list's first visit for nothing, since the console always passes a `<SelectInput>`.
 * Same props and behaviour otherwise, offline notice included, except the page: every active
 * record (up to the server's largest answer) instead of react-admin's first 25, since a select has
 * no search to reach the others.
 */
export function ReferenceChoices(props: ReferenceInputBaseProps) {
  return <ReferenceInputBase offline={offline} perPage={MAX_LIST_LIMIT} {...props} />;
}
