import type { ResourceLabels } from '../labels';

/** Burmese labels of "directory-mapping". */
export default {
  name: 'လမ်းညွှန် ချိတ်ဆက်မှု |||| လမ်းညွှန် ချိတ်ဆက်မှုများ',
  menu: 'လမ်းညွှန် ချိတ်ဆက်မှု',
  choices: {
    mapping_kind: { group: 'အုပ်စု', branch: 'ဌာနခွဲ' },
    mapping_source: { any: 'မည်သည့်လမ်းညွှန်မဆို', oidc: 'OpenID Connect', ldap: 'LDAP / Active Directory', scim: 'SCIM' },
  },
  fields: {
    mapping_kind: 'ပေးသည်',
    mapping_source: 'လမ်းညွှန်',
    mapping_value: 'လမ်းညွှန်ရှိ တန်ဖိုး',
    mapping_group: 'အုပ်စု',
    mapping_branch: 'ဌာနခွဲ',
    mapping_priority: 'ဦးစားပေးမှု',
    mapping_status: 'အခြေအနေ',
  },
} satisfies ResourceLabels;
