import { useQuery } from '@tanstack/react-query';
import { fetchJson, TOKEN_KEY } from '../../../dataProvider/httpClient';
import { session } from '../../../authProvider/storage';
import { API_URL } from '../../config';
import type { FieldRulesAnswer } from '../../screens/field-rules';

/** The query's key: the socket's `permissions` event (FieldRulePushes) asks it again. */
export const FIELD_RULES_QUERY = 'field-rules';

/** The last answer, kept in the browser with its user's id: a screen drawn before the answer arrives already leaves the hidden fields out. */
const STORED_KEY = 'field_rules';

interface Stored {
  user: number;
  rules: FieldRulesAnswer;
}

function token(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** The kept answer when it is the signed-in user's (another user's, or a damaged copy, is none). */
function storedRules(): FieldRulesAnswer | undefined {
  try {
    const kept = JSON.parse(localStorage.getItem(STORED_KEY) ?? 'null') as Stored | null;
    const user = session.user()?.user_id;
    return kept && user !== undefined && kept.user === user && typeof kept.rules === 'object' ? kept.rules : undefined;
  } catch {
    return undefined;
  }
}

function keep(rules: FieldRulesAnswer): void {
  const user = session.user()?.user_id;
  try {
    if (user === undefined) localStorage.removeItem(STORED_KEY);
    else localStorage.setItem(STORED_KEY, JSON.stringify({ user, rules } satisfies Stored));
  } catch {
    // Storage full or disabled: the answer is only not kept for the next page load.
  }
}

/** `GET /access/field-rules`: the signed-in (or viewed-as) user's hidden and read-only fields per resource. */
export async function fetchFieldRules(): Promise<FieldRulesAnswer> {
  const { json } = await fetchJson(`${API_URL}/access/field-rules`);
  const rules = json.data && typeof json.data === 'object' ? (json.data as FieldRulesAnswer) : {};
  keep(rules);
  return rules;
}

/** As long as the permission slugs (react-admin's own freshness); pushes and session changes ask sooner. */
const FRESH_MS = 5 * 60_000;

/**
 * The signed-in user's field rules, asked once per session (its token: a sign-in, or a view-as
 * started or ended, asks again) and again when the server says the user's permissions changed
 * (the socket's `permissions` event, FieldRulePushes; a session check bringing changed slugs asks
 * every query again, App). Until the first answer, the one kept from this user's last one, if any.
 */
export function useFieldRulesAnswer(): FieldRulesAnswer | undefined {
  const current = token();
  const { data } = useQuery({
    queryKey: [FIELD_RULES_QUERY, current],
    queryFn: fetchFieldRules,
    enabled: current !== null,
    staleTime: FRESH_MS,
    initialData: storedRules,
    // The kept copy is shown, and asked again at once.
    initialDataUpdatedAt: 0,
    retry: 1,
  });
  return current === null ? undefined : data;
}
