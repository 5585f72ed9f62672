import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { PermissionEntry } from '../access/api';
import type { Source } from '../access/PermissionTreeView';
import { explainApi, type Explanation, type ExplainedLink } from './api';
import { useSetBy } from './Chain';

/**
 * For a user's permission tree: where each entry's state comes from (their group, or this user's
 * own grant or denial) and who set it when, from the explainer (the deciding code). `enabled`
 * false (a viewer who may not check access) asks nothing and says nothing.
 *
 * The tree passes the state as it is on screen: an entry toggled since the dialog opened is said to
 * be the user's own (or the group's) without a by and when the explainer could not know yet.
 */
export function usePermissionOrigins(
  user: number,
  enabled: boolean,
): ((entry: PermissionEntry, source: Source) => string | undefined) | undefined {
  const translate = useTranslate();
  const setBy = useSetBy();
  const [explanation, setExplanation] = useState<Explanation>();
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    explainApi.explain(user).then(
      (e) => live && setExplanation(e),
      // Without the explainer the tree is shown as before, without origins.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [user, enabled]);
  const byMenu = useMemo(() => {
    const map = new Map<number, ExplainedLink[]>();
    for (const item of explanation?.items ?? []) if (item.menu_id !== null) map.set(item.menu_id, item.chain);
    return map;
  }, [explanation]);
  const originOf = useCallback(
    (entry: PermissionEntry, source: Source) => {
      if (!explanation) return undefined;
      const chain = byMenu.get(entry.menu_id) ?? [];
      // Who set it, when the trail knows (entries set at installation have no entry there).
      const recorded = (l: ExplainedLink | undefined) => (l?.set_at ? `, ${setBy(l)}` : '');
      if (source === 'group') {
        const grant = chain.find((l) => l.kind === 'group-grant' && l.effect === 'allow');
        return translate('explain.origins.group', { group: explanation.user.group_name }) + recorded(grant);
      }
      const kind = source === 'granted' ? 'user-grant' : 'user-deny';
      const own = chain.find((l) => l.kind === kind);
      return translate(source === 'granted' ? 'explain.origins.own_grant' : 'explain.origins.own_deny') + recorded(own);
    },
    [explanation, byMenu, setBy, translate],
  );
  return enabled && explanation ? originOf : undefined;
}
