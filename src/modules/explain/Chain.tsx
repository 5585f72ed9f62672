import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Chip from '@mui/material/Chip';
import Check from '@mui/icons-material/CheckCircleOutline';
import Block from '@mui/icons-material/Block';
import Info from '@mui/icons-material/InfoOutlined';
import { useTranslate } from 'react-admin';
import { useFormat } from '../i18n/useFormat';
import type { ExplainedLink, Explanation } from './api';

/** The sentence of one link, in the reader's language. */
function linkText(l: ExplainedLink, user: Explanation['user'], translate: ReturnType<typeof useTranslate>): string {
  // An empty name (never renamed) reads as its slug.
  const menu = l.menu_name === '' || l.menu_name === undefined ? (l.menu_slug ?? '') : l.menu_name;
  const k = (key: string, values: Record<string, unknown> = {}) => translate(`explain.links.${key}`, values);
  switch (l.kind) {
    case 'user-status':
      return k(l.effect === 'deny' ? 'user_inactive' : 'user_active');
    case 'unknown-menu':
      return k('unknown_menu');
    case 'menu-status':
      return k('menu_inactive', { menu });
    case 'group-status':
      return k(l.effect === 'deny' ? 'group_inactive' : 'group_active', { group: user.group_name });
    case 'super-admin':
      return k('super_admin');
    case 'parent-grant':
      return k(l.granted ? 'parent_granted' : 'parent_not_granted', { menu });
    case 'group-grant':
      return k(l.effect === 'allow' ? 'group_grant' : 'group_no_grant', { menu });
    case 'user-grant':
      return k('user_grant', { menu });
    case 'user-deny':
      return k('user_deny', { menu });
    case 'branch-scope':
      return k(l.effect === 'deny' ? 'branch_out' : 'branch_in');
    default:
      return l.kind;
  }
}

/** Who set a fact and when, or that the trail does not say. */
export function useSetBy() {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  return (l: Pick<ExplainedLink, 'set_by_name' | 'set_at' | 'set_in'>) => {
    if (!l.set_at) return translate('explain.not_recorded');
    const values = { name: l.set_by_name ?? '', at: dateTime(l.set_at) };
    return translate(l.set_in === 'creation' ? 'explain.since_created' : 'explain.set_by', values);
  };
}

/** The chain that decided, in order, the deciding link marked. */
export function Chain({ chain, user }: { chain: readonly ExplainedLink[]; user: Explanation['user'] }) {
  const translate = useTranslate();
  const setBy = useSetBy();
  return (
    <List dense aria-label={translate('explain.why')}>
      {chain.map((l, i) => (
        <ListItem key={`${l.kind}-${l.menu_id ?? i}`} data-kind={l.kind} data-decisive={l.decisive ? 'true' : 'false'}>
          <ListItemIcon sx={{ minWidth: 36 }}>
            {l.effect === 'allow' ? <Check color="success" /> : l.effect === 'deny' ? <Block color="error" /> : <Info color="action" />}
          </ListItemIcon>
          <ListItemText primary={linkText(l, user, translate)} secondary={setBy(l)} slotProps={{ primary: { component: 'span' } }} />
          {l.decisive && <Chip size="small" color={l.effect === 'allow' ? 'success' : 'error'} label={translate('explain.decides')} />}
        </ListItem>
      ))}
    </List>
  );
}
