import Button from '@mui/material/Button';
import { Pagination, useListContext, useTranslate, type PaginationProps } from 'react-admin';
import { ErrorBlock } from './ListStates';
import { messageOf } from './failures';

/**
 * The list's error block, with *Try again*: the server's own message when it answered with one,
 * otherwise (it could not be reached, or failed inside) a translated sentence rather than the
 * browser's "Failed to fetch".
 */
export function ListError() {
  const { error, refetch } = useListContext();
  const translate = useTranslate();
  const answered = typeof (error as { status?: unknown } | null)?.status === 'number';
  const message = (answered && messageOf(error)) || translate('app.error_body');
  return (
    <>
      <ErrorBlock message={message} />
      <Button variant="contained" onClick={() => void refetch()} sx={{ mx: 2, mb: 2 }}>
        {translate('app.retry')}
      </Button>
    </>
  );
}

/** react-admin's pagination, left out while the list shows an error: its numbers would be the last page's. */
export function ListPagination(props: PaginationProps) {
  const { error } = useListContext();
  return error ? null : <Pagination {...props} />;
}
