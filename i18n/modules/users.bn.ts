/** ব্যবহারকারী পর্দা (spec 000 sections 2, 3 and 5). */
export default {
  menu: { users: 'ব্যবহারকারী' },
  users: {
    select_branch: 'শাখা নির্বাচন করুন',
    all_branches: 'সব শাখা',
    permissions: 'অনুমতি',
    permissions_of: '%{name}-এর অনুমতি',
    permissions_read_only: '%{name}-এর এমন অনুমতি আছে যা আপনার নেই, তাই আপনি এখানে সেগুলো দেখতে পারবেন কিন্তু পরিবর্তন করতে পারবেন না।',
    strength: { label: 'শক্তি', very_weak: 'খুব দুর্বল', weak: 'দুর্বল', fair: 'মোটামুটি', good: 'ভালো', strong: 'শক্তিশালী' },
  },
  resources: {
    users: {
      name: 'ব্যবহারকারী |||| ব্যবহারকারীরা',
      needs_filter: 'শাখা নির্বাচন করুন',
      fields: {
        user_picture: 'ছবি',
        user_name: 'নাম',
        username: 'ব্যবহারকারীর নাম',
        password: 'পাসওয়ার্ড',
        c_password: 'পাসওয়ার্ড নিশ্চিত করুন',
        user_branch: 'শাখা',
        user_group: 'গ্রুপ',
        user_designation: 'পদবি',
        user_department: 'বিভাগ',
        user_phone: 'ফোন',
        user_email: 'ইমেইল',
        user_address: 'ঠিকানা',
        user_status: 'অবস্থা',
      },
    },
  },
};
