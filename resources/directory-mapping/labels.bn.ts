import type { ResourceLabels } from '../labels';

/** Bangla labels of "directory-mapping". */
export default {
  name: 'ডিরেক্টরি ম্যাপিং |||| ডিরেক্টরি ম্যাপিংসমূহ',
  menu: 'ডিরেক্টরি ম্যাপিং',
  choices: {
    mapping_kind: { group: 'গ্রুপ', branch: 'শাখা' },
    mapping_source: { any: 'যেকোনো ডিরেক্টরি', oidc: 'OpenID Connect', ldap: 'LDAP / Active Directory', scim: 'SCIM' },
  },
  fields: {
    mapping_kind: 'যা দেয়',
    mapping_source: 'ডিরেক্টরি',
    mapping_value: 'ডিরেক্টরির মান',
    mapping_group: 'গ্রুপ',
    mapping_branch: 'শাখা',
    mapping_priority: 'অগ্রাধিকার',
    mapping_status: 'অবস্থা',
  },
} satisfies ResourceLabels;
