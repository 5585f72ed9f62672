import { PERSONAL_KINDS, type Field, type ResourceDescriptor } from './types';
import { actionPath, actionsOf } from './paths';
import { userAccess } from './users';
import { isIconName } from './icons';

/**
 * A checked set of descriptors. Checks run when the registry is built (server start, app load,
 * tests), the way Django checks its ModelAdmins: a mistake in a descriptor fails loudly at once.
 */
export interface Registry {
  all: readonly ResourceDescriptor[];
  get(name: string): ResourceDescriptor;
  find(name: string): ResourceDescriptor | undefined;
}

export function fieldOf(d: ResourceDescriptor, name: string): Field | undefined {
  return d.fields.find((f) => f.name === name);
}

export function checkDescriptors(list: readonly ResourceDescriptor[]): string[] {
  const problems: string[] = [];
  const names = new Set<string>();
  const paths = new Map<string, string>();
  const tables = new Set<string>();
  for (const d of list) {
    const where = `descriptor "${d.name}"`;
    if (names.has(d.name)) problems.push(`${where}: name is used twice`);
    names.add(d.name);
    if (tables.has(d.table)) problems.push(`${where}: table "${d.table}" is used twice`);
    tables.add(d.table);
    for (const action of actionsOf(d)) {
      const p = actionPath(d, action);
      const other = paths.get(p);
      if (other) problems.push(`${where}: path ${p} is also used by "${other}"`);
      paths.set(p, d.name);
    }
    const fieldNames = new Set<string>();
    for (const f of d.fields) {
      if (fieldNames.has(f.name)) problems.push(`${where}: field "${f.name}" is declared twice`);
      fieldNames.add(f.name);
    }
    if (fieldNames.has(d.idField)) problems.push(`${where}: idField "${d.idField}" must not be declared as a field`);
    if (d.statusField !== undefined || !d.singleton) {
      const status = d.statusField === undefined ? undefined : fieldOf(d, d.statusField);
      if (status?.kind !== 'status') problems.push(`${where}: statusField "${d.statusField ?? ''}" must be a status field`);
    }
    // The type says so for typed code; a folder loaded at run time (or a cast) is checked here.
    if (!isIconName(d.menu.icon)) problems.push(`${where}: menu.icon "${String(d.menu.icon)}" is not an icon of resources/icons.ts`);
    if (d.menu.home && !d.singleton) problems.push(`${where}: only a singleton can be the home page`);
    if (!fieldNames.has(d.titleField)) problems.push(`${where}: titleField "${d.titleField}" is not a field`);
    if (d.codeField !== undefined && !fieldOf(d, d.codeField)?.unique)
      problems.push(`${where}: codeField "${d.codeField}" must be a unique field`);
    if (d.listNeedsFilter !== undefined && fieldOf(d, d.listNeedsFilter)?.kind !== 'reference')
      problems.push(`${where}: listNeedsFilter "${d.listNeedsFilter}" must be a reference field`);
    if (d.branchScope !== undefined) {
      const scope = fieldOf(d, d.branchScope);
      if (scope?.kind !== 'reference' || scope.reference !== 'branch')
        problems.push(`${where}: branchScope "${d.branchScope}" must be a reference to branch`);
    }
    for (const name of d.formOrder ?? []) {
      if (!fieldNames.has(name)) problems.push(`${where}: formOrder names "${name}", which is not a field`);
    }
    for (const f of d.fields) {
      // The type says so for typed code (PeopleDescriptor); a folder loaded at run time is checked here.
      if (f.personal !== undefined && !PERSONAL_KINDS.includes(f.personal))
        problems.push(`${where}: field "${f.name}" is classified "${f.personal}", not one of ${PERSONAL_KINDS.join(', ')}`);
      if (d.describes === 'people' && f.personal === undefined)
        problems.push(`${where}: field "${f.name}" must say what it holds about a person (personal), as the resource describes people`);
      if (f.visibleWhen && !fieldNames.has(f.visibleWhen.field)) {
        problems.push(`${where}: field "${f.name}" is visible when "${f.visibleWhen.field}", which is not a field`);
      }
      if ((f.kind === 'integer' || f.kind === 'money') && f.derived) {
        for (const source of f.derived.minus) {
          if (!fieldNames.has(source)) problems.push(`${where}: field "${f.name}" derives from unknown "${source}"`);
        }
      }
      if (f.kind === 'image' && f.recommended && 'field' in f.recommended && !fieldNames.has(f.recommended.field)) {
        problems.push(`${where}: field "${f.name}" sizes by "${f.recommended.field}", which is not a field`);
      }
      if (f.kind === 'image' && f.linkTo && !fieldNames.has(f.linkTo)) {
        problems.push(`${where}: field "${f.name}" links to "${f.linkTo}", which is not a field`);
      }
      if (f.kind === 'reference' && !list.some((r) => r.name === f.reference)) {
        problems.push(`${where}: field "${f.name}" references unknown resource "${f.reference}"`);
      }
    }
  }
  if (list.filter((d) => d.menu.home).length > 1) problems.push('only one descriptor can be the home page');
  return [...problems, ...checkUserAccess(list)];
}

/** The users declaration names real reference fields whose targets declare a code field. */
export function checkUserAccess(list: readonly ResourceDescriptor[]): string[] {
  const users = list.find((d) => d.name === userAccess.resource);
  if (!users) return [`the users declaration names resource "${userAccess.resource}", which is not in the registry`];
  const problems: string[] = [];
  for (const [role, name] of Object.entries(userAccess.references)) {
    const f = fieldOf(users, name);
    if (f?.kind !== 'reference') {
      problems.push(`the users declaration's ${role} "${name}" is not a reference field of "${users.name}"`);
      continue;
    }
    const target = list.find((d) => d.name === f.reference);
    if (!target?.codeField) problems.push(`the users declaration's ${role} references "${f.reference}", which declares no codeField`);
  }
  return problems;
}

export function createRegistry(list: readonly ResourceDescriptor[]): Registry {
  const problems = checkDescriptors(list);
  if (problems.length) throw new Error(`Invalid resource descriptors:\n- ${problems.join('\n- ')}`);
  const byName = new Map(list.map((d) => [d.name, d]));
  return {
    all: list,
    find: (name) => byName.get(name),
    get(name) {
      const d = byName.get(name);
      if (!d) throw new Error(`Unknown resource "${name}"`);
      return d;
    },
  };
}
