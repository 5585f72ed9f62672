import { createContext, useContext, useMemo } from 'react';
import type { Field } from '../../resources';

/**
 * The signed-in user's field rules as the server answers them (`GET /access/field-rules`): per
 * resource with a rule, its fields hidden from the user and those read-only for them. Resources
 * without a rule are absent.
 */
export type FieldRulesAnswer = Readonly<Record<string, { hidden: readonly string[]; readOnly: readonly string[] }>>;

/** One resource's rules, as the generated screens use them. */
export interface FieldRules {
  /** No column, filter, sort, input, card line or export column. */
  hidden: ReadonlySet<string>;
  /** Shown disabled in create and edit forms (the server refuses a change, accepts the value unchanged). */
  readOnly: ReadonlySet<string>;
}

const NONE: FieldRules = { hidden: new Set(), readOnly: new Set() };
const noAnswer = (): FieldRulesAnswer | undefined => undefined;

/**
 * A hook answering the user's field rules (undefined while unknown), declared by a feature module
 * (`ConsoleModule.useFieldRules`, src/modules/field-rules) and provided once by App. The generated
 * screens read it through `useFieldRules`, with no entity of their own in mind. Without a provider
 * (a screen rendered on its own) there are none. The server holds the rules on every answer
 * whatever the console draws: this only keeps the screens from offering what it would refuse.
 */
const FieldRulesContext = createContext<() => FieldRulesAnswer | undefined>(noAnswer);

export const FieldRulesProvider = FieldRulesContext.Provider;

/** A resource's field rules for the signed-in user: none while they are not known yet. */
export function useFieldRules(resource: string): FieldRules {
  const entry = useContext(FieldRulesContext)()?.[resource];
  return useMemo(() => (entry ? { hidden: new Set(entry.hidden), readOnly: new Set(entry.readOnly) } : NONE), [entry]);
}

/** The fields the user may see, in their order. */
export function shownFields<F extends Field>(fields: readonly F[], rules: FieldRules): F[] {
  return rules.hidden.size ? fields.filter((f) => !rules.hidden.has(f.name)) : [...fields];
}

/** A new record's starting values without the hidden fields' (the user neither sees nor sets them). */
export function withoutHidden(values: Record<string, unknown>, rules: FieldRules): Record<string, unknown> {
  if (!rules.hidden.size) return values;
  return Object.fromEntries(Object.entries(values).filter(([name]) => !rules.hidden.has(name)));
}

/**
 * What a save sends: neither a hidden field nor a read-only one (the server keeps the stored value or
 * the declared default). Not left to the inputs being disabled: an input drawn before the rules
 * arrived was registered as editable.
 */
export function withoutRuled<T extends Record<string, unknown>>(values: T, rules: FieldRules): T {
  if (!rules.hidden.size && !rules.readOnly.size) return values;
  return Object.fromEntries(Object.entries(values).filter(([name]) => !rules.hidden.has(name) && !rules.readOnly.has(name))) as T;
}
