import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import TablePagination from '@mui/material/TablePagination';
import { Loading, useTranslate } from 'react-admin';
import { PageHeading } from '../../screens/PageHeading';
import { InboxList } from './InboxList';
import { useInbox } from './useInbox';

export const PAGE_SIZES = [50, 70, 100];

/** "Show all": every notice of the signed-in user, newest first, in pages. */
export function InboxPage() {
  const translate = useTranslate();
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(PAGE_SIZES[0] ?? 50);
  const { data = [], total = 0, isPending, unread, markRead, markAllRead } = useInbox(perPage, page);
  return (
    <Box sx={{ mt: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <PageHeading title={translate('notifications.inbox')} group={translate('notifications.title')} />
        <Button variant="outlined" disabled={unread === 0} onClick={() => void markAllRead()}>
          {translate('notifications.mark_all_read')}
        </Button>
      </Box>
      <Card>
        {isPending ? <Loading /> : <InboxList notices={data} markRead={markRead} />}
        <TablePagination
          component="div"
          count={total}
          page={page - 1}
          rowsPerPage={perPage}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_e, p) => {
            setPage(p + 1);
          }}
          onRowsPerPageChange={(e) => {
            setPerPage(Number(e.target.value));
            setPage(1);
          }}
          labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
        />
      </Card>
    </Box>
  );
}
