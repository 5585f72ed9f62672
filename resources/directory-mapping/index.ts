import type { ResourceDescriptor } from '../types';

/**
 * How the hospital's directory places a person in the console (server/modules/directory): each row
 * says that a value of the directory's groups claim (OpenID Connect) or a group the person belongs
 * to (LDAP) gives a permission group, or that a value of the branch claim or attribute gives a
 * branch. Read again at every directory sign-in and SCIM write, so an edit here or in the directory
 * takes effect at the person's next sign-in. `*` matches every person (a default). Where several
 * group rows match, the lowest priority number wins. The module's guard applies the group edits'
 * rule: nobody maps a directory group to a console group granting more than they hold.
 */
export const directoryMapping = {
  name: 'directory-mapping',
  api: { prefix: 'directory-mapping', body: 'json' },
  table: 'directory_mapping',
  idField: 'mapping_id',
  statusField: 'mapping_status',
  titleField: 'mapping_value',
  menu: { group: 'users', icon: 'AccountTree', aliases: ['/directory/mapping'], position: 12 },
  dialog: 'sm',
  fields: [
    {
      name: 'mapping_kind',
      kind: 'choice',
      personal: 'none',
      choices: ['group', 'branch'],
      default: 'group',
      required: true,
      list: true,
      filter: true,
    },
    {
      name: 'mapping_source',
      kind: 'choice',
      personal: 'none',
      choices: ['any', 'oidc', 'ldap', 'scim'],
      default: 'any',
      required: true,
      list: true,
      filter: true,
    },
    { name: 'mapping_value', kind: 'text', personal: 'none', required: true, list: true, search: true, maxLength: 250 },
    {
      name: 'mapping_group',
      kind: 'reference',
      personal: 'none',
      reference: 'group',
      embedAs: 'mapping_group',
      list: true,
      visibleWhen: { field: 'mapping_kind', in: ['group'] },
    },
    {
      name: 'mapping_branch',
      kind: 'reference',
      personal: 'none',
      reference: 'branch',
      embedAs: 'mapping_branch',
      list: true,
      visibleWhen: { field: 'mapping_kind', in: ['branch'] },
    },
    { name: 'mapping_priority', kind: 'integer', personal: 'none', default: 100, min: 0, max: 10000, list: true },
    { name: 'mapping_status', kind: 'status', personal: 'none', default: 1, list: true },
  ],
} as const satisfies ResourceDescriptor;

export default directoryMapping;
