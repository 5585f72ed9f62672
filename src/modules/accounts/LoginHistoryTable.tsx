import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { accountsApi, useLoad } from './api';
import { serial } from './format';
import { useFormat } from '../i18n/useFormat';

/** This month's sign-ins, up to 50 rows: serial, date, username, IP, with the browser as the row's tooltip. */
export function LoginHistoryTable() {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const { data, loading, error } = useLoad(() => accountsApi.historyThisMonth());
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('accounts.history.title')}
        </Typography>
        <Table size="small" aria-label={translate('accounts.history.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('accounts.history.serial')}</TableCell>
              <TableCell>{translate('accounts.history.date')}</TableCell>
              <TableCell>{translate('accounts.history.username')}</TableCell>
              <TableCell>{translate('accounts.history.ip')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {loading || error || !data?.length ? (
              <TableRow>
                <TableCell colSpan={4} align="center">
                  {translate(loading ? 'accounts.loading' : error ? 'accounts.load_error' : 'accounts.no_data')}
                </TableCell>
              </TableRow>
            ) : (
              data.map((row, i) => (
                <Tooltip key={row.user_login_id} title={row.user_login_browser} placement="top-start">
                  <TableRow hover>
                    <TableCell>{serial(i)}</TableCell>
                    <TableCell>{dateTime(row.user_login_date)}</TableCell>
                    <TableCell>{row.user_login_username}</TableCell>
                    <TableCell>{row.user_login_ip}</TableCell>
                  </TableRow>
                </Tooltip>
              ))
            )}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
