import { createContext, useContext, type ComponentType, type ReactElement } from 'react';
import type { RaRecord } from 'react-admin';

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
}

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

/** The extension's list filters (none without one); the hook is the same on every render of a resource. */
export function useExtensionFilters(extension: ScreenExtension) {
  return (extension.useListFilters ?? noFilters)();
}
