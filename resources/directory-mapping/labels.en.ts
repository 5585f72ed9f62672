import type { ResourceLabels } from '../labels';

/** English labels of "directory-mapping". */
export default {
  name: 'Directory mapping |||| Directory mappings',
  menu: 'Directory mapping',
  choices: {
    mapping_kind: { group: 'Group', branch: 'Branch' },
    mapping_source: { any: 'Any directory', oidc: 'OpenID Connect', ldap: 'LDAP / Active Directory', scim: 'SCIM' },
  },
  fields: {
    mapping_kind: 'Gives',
    mapping_source: 'Directory',
    mapping_value: 'Directory value',
    mapping_group: 'Group',
    mapping_branch: 'Branch',
    mapping_priority: 'Priority',
    mapping_status: 'Status',
  },
} satisfies ResourceLabels;
