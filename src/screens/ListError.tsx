import { useListContext } from 'react-admin';
import { ErrorBlock } from './ListStates';

/** The list's error block, showing the server's message when there is one. */
export function ListError() {
  const { error } = useListContext();
  return <ErrorBlock message={error?.message} />;
}
