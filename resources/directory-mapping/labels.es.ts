import type { ResourceLabels } from '../labels';

/** Spanish labels of "directory-mapping". */
export default {
  name: 'Correspondencia del directorio |||| Correspondencias del directorio',
  menu: 'Correspondencia del directorio',
  choices: {
    mapping_kind: { group: 'Grupo', branch: 'Sucursal' },
    mapping_source: { any: 'Cualquier directorio', oidc: 'OpenID Connect', ldap: 'LDAP / Active Directory', scim: 'SCIM' },
  },
  fields: {
    mapping_kind: 'Asigna',
    mapping_source: 'Directorio',
    mapping_value: 'Valor en el directorio',
    mapping_group: 'Grupo',
    mapping_branch: 'Sucursal',
    mapping_priority: 'Prioridad',
    mapping_status: 'Estado',
  },
} satisfies ResourceLabels;
