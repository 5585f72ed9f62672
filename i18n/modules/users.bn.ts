/** ব্যবহারকারী পর্দা (spec 000 sections 2, 3 and 5). */
export default {
  users: {
    select_branch: 'শাখা নির্বাচন করুন',
    all_branches: 'সব শাখা',
    permissions: 'অনুমতি',
    permissions_of: '%{name}-এর অনুমতি',
    permissions_read_only: '%{name}-এর এমন অনুমতি আছে যা আপনার নেই, তাই আপনি এখানে সেগুলো দেখতে পারবেন কিন্তু পরিবর্তন করতে পারবেন না।',
    strength: { label: 'শক্তি', very_weak: 'খুব দুর্বল', weak: 'দুর্বল', fair: 'মোটামুটি', good: 'ভালো', strong: 'শক্তিশালী' },
  },
};
