import { useMemo } from 'react';
import { AutocompleteArrayInput, SelectInput, required, useGetList, useTranslate, type RaRecord } from 'react-admin';
import type { FieldInputProps } from '../../screens/extensions';
import { useRegistry } from '../../registry-context';
import { CHANGE_REQUEST } from './api';

/** The pseudo resource of the access changes (group permissions, grants, menus' groups, workflows). */
export const ACCESS = 'access';

/** What a workflow can gate: every descriptor but the approvals' own, and the access changes. */
export function useWorkflowResources(): { id: string; name: string }[] {
  const registry = useRegistry();
  const translate = useTranslate();
  return useMemo(
    () => [
      { id: ACCESS, name: translate('approvals.console.access') },
      ...registry.all
        .filter((d) => d.name !== 'workflow' && d.name !== CHANGE_REQUEST)
        .map((d) => ({ id: d.name, name: translate(`resources.${d.name}.name`, { smart_count: 2, _: d.name }) }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    ],
    [registry, translate],
  );
}

/** `workflow_resource`: a choice of the registry's resources plus "Access", not free text. */
export function WorkflowResourceInput({ field, disabled }: FieldInputProps) {
  const choices = useWorkflowResources();
  return <SelectInput source={field.name} choices={choices} validate={required()} disabled={disabled} fullWidth />;
}

/** The stored JSON text of ids ("[3,5]") as the list of ids the multiple choice edits. */
export function idsOf(text: unknown): number[] {
  if (Array.isArray(text)) return text.map(Number).filter(Number.isInteger);
  if (typeof text !== 'string' || !text.trim()) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.map(Number).filter(Number.isInteger) : [];
  } catch {
    return [];
  }
}

/** The chosen ids back as the JSON text the server stores. */
export const textOf = (ids: unknown): string => JSON.stringify(idsOf(Array.isArray(ids) ? ids : []));

/**
 * `workflow_groups`: JSON text of group ids on the wire, a multiple choice of the groups here
 * (their names, active or not: a workflow may name a group made inactive since).
 */
export function WorkflowGroupsInput({ field, disabled }: FieldInputProps) {
  const { data = [], isPending } = useGetList<RaRecord>('group', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'group_name', order: 'ASC' },
  });
  const choices = useMemo(() => data.map((g) => ({ id: Number(g.id), name: String(g.group_name ?? g.id) })), [data]);
  return (
    <AutocompleteArrayInput
      source={field.name}
      choices={choices}
      isPending={isPending}
      format={idsOf}
      parse={textOf}
      disabled={disabled}
      fullWidth
    />
  );
}
