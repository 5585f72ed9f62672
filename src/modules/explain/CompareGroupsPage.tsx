import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CanAccess, Title, useGetList, useTranslate, type RaRecord } from 'react-admin';
import { EXPLAIN_SLUGS } from '../../../resources/explain';
import { AccessDeniedPage } from '../access/AccessDeniedPage';
import { explainApi, type Comparison } from './api';

type Group = RaRecord & { group_name?: string };

/** Two groups' permissions side by side, the differing rows marked (and, on demand, alone). */
/** Only for holders of its permission: others land on the access-denied page, before any call. */
export function CompareGroupsPage() {
  return (
    <CanAccess resource={EXPLAIN_SLUGS.compare} action="list" accessDenied={<AccessDeniedPage />}>
      <CompareGroups />
    </CanAccess>
  );
}

function CompareGroups() {
  const translate = useTranslate();
  const { data: groups = [] } = useGetList<Group>('group', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'group_name', order: 'ASC' },
  });
  const [left, setLeft] = useState<Group | null>(null);
  const [right, setRight] = useState<Group | null>(null);
  const [only, setOnly] = useState(false);
  const [result, setResult] = useState<Comparison>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (!left || !right) return;
    let live = true;
    explainApi.compare(Number(left.id), Number(right.id)).then(
      (r) => {
        if (!live) return;
        setError(undefined);
        setResult(r);
      },
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [left, right]);
  const mark = (v: 0 | 1) => translate(v ? 'explain.compare.granted' : 'explain.compare.not_granted');
  const picker = (label: string, value: Group | null, onChange: (g: Group | null) => void) => (
    <Autocomplete
      sx={{ minWidth: 260 }}
      options={groups}
      value={value}
      getOptionLabel={(g) => g.group_name ?? String(g.id)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, g) => onChange(g)}
      renderInput={(p) => <TextField {...p} label={label} />}
    />
  );
  const rows = result?.rows.filter((r) => !only || r.differs) ?? [];
  return (
    <Box sx={{ p: 2 }}>
      <Title title={translate('explain.compare.title')} />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('explain.compare.title')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        {picker(translate('explain.compare.left'), left, setLeft)}
        {picker(translate('explain.compare.right'), right, setRight)}
        <FormControlLabel
          control={<Switch checked={only} onChange={(e) => setOnly(e.target.checked)} />}
          label={translate('explain.compare.only_differences')}
        />
      </Box>
      {error && <Alert severity="error">{translate(error, { _: error })}</Alert>}
      {result && (
        <>
          <Typography role="status" sx={{ mb: 1 }}>
            {translate('explain.compare.differences', { smart_count: result.differences })}
          </Typography>
          <Table size="small" aria-label={translate('explain.compare.title')}>
            <TableHead>
              <TableRow>
                <TableCell component="th">{translate('explain.compare.menu')}</TableCell>
                <TableCell component="th">{result.left.group_name}</TableCell>
                <TableCell component="th">{result.right.group_name}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow
                  key={r.menu_id}
                  data-differs={r.differs ? 'true' : 'false'}
                  sx={r.differs ? { bgcolor: 'action.selected', '& td': { fontWeight: 600 } } : undefined}
                >
                  <TableCell sx={{ pl: 2 + r.depth * 3 }}>
                    {r.menu_name}{' '}
                    <Typography component="span" variant="caption">
                      ({r.menu_slug})
                    </Typography>
                    {r.differs && (
                      <Typography component="span" sx={{ ml: 1 }}>
                        — {translate('explain.compare.differs')}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{mark(r.left)}</TableCell>
                  <TableCell>{mark(r.right)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Box>
  );
}
