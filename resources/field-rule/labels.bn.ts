import type { ResourceLabels } from '../labels';

/** Bangla labels of "field-rule". */
export default {
  name: 'ফিল্ড নিয়ম |||| ফিল্ড নিয়মসমূহ',
  menu: 'ফিল্ড নিয়মসমূহ',
  choices: {
    field_rule_level: {
      hidden: 'লুকানো',
      'read-only': 'শুধু পড়া',
      editable: 'সম্পাদনযোগ্য',
    },
  },
  fields: {
    field_rule_group: 'গ্রুপ',
    field_rule_user: 'ব্যবহারকারী',
    field_rule_resource: 'রিসোর্স',
    field_rule_field: 'ফিল্ড',
    field_rule_level: 'স্তর',
    field_rule_status: 'অবস্থা',
  },
} satisfies ResourceLabels;

/** The "settings" menu group's name. */
export const menuGroup = 'সেটিংস';
