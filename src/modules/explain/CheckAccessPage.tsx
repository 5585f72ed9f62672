import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CanAccess, Title, useGetList, useGetOne, useTranslate, type RaRecord } from 'react-admin';
import { EXPLAIN_SLUGS } from '../../../resources/explain';
import { AccessDeniedPage } from '../access/AccessDeniedPage';
import { useRegistry } from '../../registry-context';
import { usersPickerFilter } from '../users/branchScope';
import { useDebounced } from '../../useDebounced';
import { explainApi, type ExplainedSlug, type Explanation } from './api';
import { Chain } from './Chain';
import { AccessTable } from './AccessTable';

type User = RaRecord & { user_name?: string };

/**
 * Check access: a user (from the address, as the users list's row button opens it, or chosen
 * here) and a screen or action (chosen in the box, or a cell of the table of every resource and
 * action); the answer with the chain that decided it, as the server decides.
 */
/** Only for holders of its permission: others land on the access-denied page, before any call. */
export function CheckAccessPage() {
  return (
    <CanAccess resource={EXPLAIN_SLUGS.check} action="list" accessDenied={<AccessDeniedPage />}>
      <CheckAccess />
    </CanAccess>
  );
}

function CheckAccess() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const userId = Number(params.get('user')) || undefined;
  const slug = params.get('slug') ?? '';
  const [explanation, setExplanation] = useState<Explanation>();
  const [error, setError] = useState<string>();
  const needed = useRegistry().find('users')?.listNeedsFilter;
  // The users of every branch the viewer may see (the server keeps to their scope), searched on
  // the server as one types: a hospital has more staff than one page of the list.
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed.trim());
  const { data: found = [] } = useGetList<User>(
    'users',
    {
      filter: { ...usersPickerFilter(needed), ...(search && { q: search }) },
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'user_name', order: 'ASC' },
    },
    // The earlier answer stays while the next one is asked: an empty list meanwhile showed "No
    // options", and the list drawn again took the option the arrow keys had marked away.
    { placeholderData: (previous) => previous },
  );
  const { data: chosenUser } = useGetOne<User>('users', { id: userId ?? 0 }, { enabled: userId !== undefined });

  useEffect(() => {
    if (!userId) return;
    let live = true;
    explainApi.explain(userId).then(
      (e) => {
        if (!live) return;
        setError(undefined);
        setExplanation(e);
      },
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [userId]);

  const items = useMemo(() => [...(explanation?.items ?? [])].sort((a, b) => a.menu_slug.localeCompare(b.menu_slug)), [explanation]);
  const chosen: ExplainedSlug | undefined = items.find((i) => i.menu_slug === slug);
  const set = (key: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const userOption = found.find((u) => Number(u.id) === userId) ?? (chosenUser && Number(chosenUser.id) === userId ? chosenUser : null);
  const users = userOption && !found.some((u) => u.id === userOption.id) ? [userOption, ...found] : found;
  // A cell chosen far down the table: its answer, above the table, is brought into view.
  const answer = useRef<HTMLDivElement>(null);
  const choose = (s: string) => {
    set('slug', s);
    answer.current?.scrollIntoView({ block: 'nearest' });
  };
  const title = explanation
    ? translate('explain.check_access_of', { name: explanation.user.user_name })
    : translate('explain.check_access');

  return (
    <Box sx={{ p: 2, maxWidth: 900 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Autocomplete
          sx={{ minWidth: 260 }}
          options={users}
          value={userOption}
          getOptionLabel={(u) => u.user_name ?? String(u.id)}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          // The server has searched already (names, usernames, phones and e-mails).
          filterOptions={(options) => options}
          onInputChange={(_e, text, reason) => {
            if (reason === 'input') setTyped(text);
          }}
          onChange={(_e, u) => {
            setTyped('');
            set('user', u ? String(u.id) : undefined);
          }}
          renderInput={(p) => <TextField {...p} label={translate('resources.users.name', { smart_count: 1 })} />}
        />
        <Autocomplete
          sx={{ minWidth: 360, flex: 1 }}
          options={items}
          value={chosen ?? null}
          disabled={!explanation}
          getOptionLabel={(i) => `${i.menu_name} (${i.menu_slug})`}
          isOptionEqualToValue={(a, b) => a.menu_slug === b.menu_slug}
          onChange={(_e, i) => set('slug', i?.menu_slug)}
          renderInput={(p) => <TextField {...p} label={translate('explain.choose_slug')} />}
        />
      </Box>
      {error && <Alert severity="error">{translate(error, { _: error })}</Alert>}
      {/* Always present, so a screen reader announces the answer when it arrives. */}
      <Box aria-live="polite" ref={answer} sx={{ scrollMarginTop: 72 }}>
        {explanation && chosen && (
          <Card variant="outlined">
            <CardContent>
              <Alert severity={chosen.allowed ? 'success' : 'error'} data-testid="verdict">
                <strong>{translate(chosen.allowed ? 'explain.allowed' : 'explain.denied')}</strong>
                {': '}
                {translate(chosen.allowed ? 'explain.verdict_allowed' : 'explain.verdict_denied', {
                  name: explanation.user.user_name,
                  menu: chosen.menu_name || chosen.menu_slug,
                })}
              </Alert>
              <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
                {translate('explain.why')}
              </Typography>
              {explanation.user.group_from && (
                <Typography variant="body2" data-testid="group-from-directory" sx={{ mt: 1 }}>
                  {translate('explain.group_from_directory', {
                    group: explanation.user.group_name,
                    claim: explanation.user.group_from.claim,
                    value: explanation.user.group_from.value,
                    mapping: explanation.user.group_from.mapping_id,
                    method: explanation.user.group_from.method,
                  })}
                </Typography>
              )}
              <Chain chain={chosen.chain} user={explanation.user} />
            </CardContent>
          </Card>
        )}
      </Box>
      {explanation && <AccessTable items={items} chosen={chosen?.menu_slug} onChoose={choose} />}
    </Box>
  );
}
