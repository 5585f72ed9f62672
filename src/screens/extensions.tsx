import { createContext, useContext, type ComponentType, type ReactElement } from 'react';
import type { Identifier, RaRecord } from 'react-admin';

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
