import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Check from '@mui/icons-material/CheckCircleOutline';
import Block from '@mui/icons-material/Block';
import { useTranslate } from 'react-admin';
import { permissionSlug, type Action } from '../../../resources';
import { useRegistry } from '../../registry-context';
import type { ExplainedSlug } from './api';

const ACTIONS: readonly Action[] = ['list', 'get', 'create', 'update', 'delete'];

/**
 * Every resource of the console against its actions, for one user: each cell the verdict, and a
 * click on it the chain that decided it. "Why can the clerk not delete a medicine" is then the
 * users list's Check access and this table's Medicines/delete cell: two clicks, no typing.
 */
export function AccessTable({
  items,
  chosen,
  onChoose,
}: {
  items: readonly ExplainedSlug[];
  chosen: string | undefined;
  onChoose: (slug: string) => void;
}) {
  const translate = useTranslate();
  const registry = useRegistry();
  const bySlug = useMemo(() => new Map(items.map((i) => [i.menu_slug, i])), [items]);
  const rows = useMemo(
    () =>
      registry.all
        .map((d) => ({ d, name: translate(`resources.${d.name}.name`, { smart_count: 2 }) }))
        .filter(({ d }) => ACTIONS.some((a) => bySlug.has(permissionSlug(d, a))))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [registry, translate, bySlug],
  );
  const actionName = (a: Action) => translate(`access.tree.actions.${a}`);
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Typography variant="h6" component="h2" sx={{ mt: 2 }} id="access-table-title">
        {translate('explain.table.title')}
      </Typography>
      <Table size="small" aria-labelledby="access-table-title">
        <TableHead>
          <TableRow>
            <TableCell>{translate('explain.table.resource')}</TableCell>
            {ACTIONS.map((a) => (
              <TableCell key={a} align="center">
                {actionName(a)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ d, name }) => (
            <TableRow key={d.name} data-resource={d.name}>
              <TableCell component="th" scope="row">
                {name}
              </TableCell>
              {ACTIONS.map((a) => {
                const item = bySlug.get(permissionSlug(d, a));
                if (!item) return <TableCell key={a} align="center" />;
                const verdict = translate(item.allowed ? 'explain.allowed' : 'explain.denied');
                return (
                  <TableCell key={a} align="center" sx={{ py: 0.25 }}>
                    <Button
                      size="small"
                      color={item.allowed ? 'success' : 'error'}
                      variant={chosen === item.menu_slug ? 'contained' : 'text'}
                      aria-pressed={chosen === item.menu_slug}
                      aria-label={`${name}: ${actionName(a)}: ${verdict}`}
                      startIcon={item.allowed ? <Check /> : <Block />}
                      sx={{ textTransform: 'none', whiteSpace: 'nowrap' }}
                      onClick={() => onChoose(item.menu_slug)}
                    >
                      {verdict}
                    </Button>
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
