import type { ResourceLabels } from '../labels';

/** Bangla labels of "row-rule". */
export default {
  name: 'সারি নিয়ম |||| সারি নিয়মসমূহ',
  menu: 'সারি নিয়মসমূহ',
  choices: {
    row_rule_kind: {
      'own-branch': 'নিজের শাখা',
      'created-by-me': 'নিজের তৈরি রেকর্ড',
      'status-in': 'অবস্থা তালিকায়',
      'reference-in': 'রেফারেন্স তালিকায়',
    },
  },
  fields: {
    row_rule_group: 'গ্রুপ',
    row_rule_user: 'ব্যবহারকারী',
    row_rule_resource: 'রিসোর্স',
    row_rule_kind: 'নিয়ম',
    row_rule_field: 'ফিল্ড',
    row_rule_values: 'মানসমূহ',
    row_rule_status: 'অবস্থা',
  },
} satisfies ResourceLabels;
