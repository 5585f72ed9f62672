import { createContext, useContext, useMemo, type ComponentType, type ReactElement } from 'react';
import { useRecordContext, type Identifier, type RaRecord } from 'react-admin';
import type { Field } from '../../resources';

/**
 * What a feature module adds to a descriptor's generated screens, by resource name, without
 * copying them: extra or replaced list filters, inputs shown only on create, and what follows a
 * successful save. Modules declare them in `consoleModules` (`screens`); App provides them here.
 */
export interface ScreenExtension {
  /**
   * A hook answering list filters that replace the generic filter with the same `source` (or are
   * added after them) and the filters' default values.
   */
  useListFilters?: () => ListFilters;
  /** Inputs the create dialog shows after the descriptor's fields (passwords). */
  CreateInputs?: ComponentType;
  /** Shown over the list after a successful create or update, with the saved record. */
  AfterSave?: ComponentType<{ record: RaRecord; onClose: () => void }>;
  /**
   * A hook answering, by reference field name, which choices the signed-in user may make in the
   * form: the server's own rule (a branch-scoped viewer manages users of their branch only), so
   * the form does not offer what the server would refuse.
   */
  useChoiceScopes?: () => ChoiceScopes;
  /**
   * A hook answering which of a list page's records (by id) the signed-in user may manage: edit,
   * delete, and change through the module's own row actions. The server's own rule (nobody manages
   * a user who holds more than they do), so the list shows no button the server would refuse.
   * Undefined while unknown; `ids` is empty when the page shows no such button.
   */
  useManageableRows?: (ids: readonly Identifier[]) => ReadonlySet<Identifier> | undefined;
  /**
   * A hook answering, for a row's record id, the actions the server always refuses on it and why
   * (a translation key): the Super Admin group is never deleted. The row shows the button off,
   * saying why, instead of a refusal after the question. Undefined while unknown.
   */
  useRowRefusals?: () => ((id: Identifier) => RowRefusal | undefined) | undefined;
  /**
   * Inputs replacing the kind's own for named fields (a workflow's resource as a choice of the
   * registry's names, its approver groups' JSON text as a multiple choice of groups): the value
   * sent stays the descriptor's, only the way of editing it changes.
   */
  inputs?: Readonly<Record<string, ComponentType<FieldInputProps>>>;
}

/** What a replaced field input is given (as the kinds' inputs are). */
export interface FieldInputProps {
  field: Field;
  resource: string;
  disabled?: boolean;
}

/** Row actions refused whatever the user's permissions, each with its reason's translation key. */
export interface RowRefusal {
  delete?: string;
}

/** The choices a reference input offers, narrowed from the active records of its target. */
export interface ChoiceScope {
  /** The only records that may be chosen; a new record starts with the one when there is one. */
  only?: readonly Identifier[];
  /** false: the descriptor's `noneChoice` (a user's "All branches") is not offered. */
  noneChoice?: boolean;
}

export type ChoiceScopes = Readonly<Record<string, ChoiceScope>>;

export interface ListFilters {
  filters: readonly ReactElement<{ source: string }>[];
  defaults?: Record<string, unknown>;
}

export type ScreenExtensions = Readonly<Record<string, ScreenExtension>>;

const ExtensionsContext = createContext<ScreenExtensions>({});

export const ScreenExtensionsProvider = ExtensionsContext.Provider;

const none: ScreenExtension = {};

export function useScreenExtension(resource: string): ScreenExtension {
  return useContext(ExtensionsContext)[resource] ?? none;
}

const noFilters = (): ListFilters => ({ filters: [] });
const noScopes = (): ChoiceScopes => ({});

/** The extension's list filters (none without one); the hook is the same on every render of a resource. */
export function useExtensionFilters(extension: ScreenExtension) {
  return (extension.useListFilters ?? noFilters)();
}

/** The resource's choice scopes (none without an extension); the hook is the same on every render of a resource. */
export function useChoiceScopes(resource: string): ChoiceScopes {
  return (useScreenExtension(resource).useChoiceScopes ?? noScopes)();
}

/**
 * A new record's values with each scoped reference that has exactly one allowed choice set to it
 * (a branch-scoped viewer's new user is in their branch): nothing left to choose.
 */
export function withScopedDefaults(defaults: Record<string, unknown>, scopes: ChoiceScopes): Record<string, unknown> {
  const chosen = Object.entries(scopes).flatMap(([name, scope]) =>
    scope.only?.length === 1 && scope.noneChoice === false ? [[name, scope.only[0]] as const] : [],
  );
  return chosen.length ? { ...defaults, ...Object.fromEntries(chosen) } : defaults;
}

/** Whether a row's record may be managed (undefined: not known yet); every row unless the resource's extension says otherwise. */
export type MayManage = (id: Identifier) => boolean | undefined;

const everyRow: MayManage = () => true;
const notKnownYet: MayManage = () => undefined;
const noRows = (): undefined => undefined;

/**
 * The list page's rule for its rows: every row without a `useManageableRows` extension; with one,
 * its answer (undefined while it is unknown). The hook is the same on every render of a resource.
 */
export function useManageableRows(resource: string, ids: readonly Identifier[]): MayManage {
  const extension = useScreenExtension(resource);
  const allowed = (extension.useManageableRows ?? noRows)(ids);
  const ruled = extension.useManageableRows !== undefined;
  return useMemo(() => {
    if (!ruled) return everyRow;
    if (!allowed) return notKnownYet;
    // By value: a list row's id is a number, a dialog's from the address (/users/7) a string.
    const keys = new Set([...allowed].map(String));
    return (id: Identifier) => keys.has(String(id));
  }, [ruled, allowed]);
}

const ManageableRowsContext = createContext<MayManage>(everyRow);

/** The list gives its rows the page's rule (RowActions and the modules' row actions read it). */
export const ManageableRowsProvider = ManageableRowsContext.Provider;

/** May the signed-in user manage the row's record (react-admin's record context)? No while not known. */
export function useMayManageRecord(): boolean {
  const record = useRecordContext();
  const mayManage = useContext(ManageableRowsContext);
  return record ? mayManage(record.id) === true : false;
}
