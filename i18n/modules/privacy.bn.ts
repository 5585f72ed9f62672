/** The privacy module's words (issue 49): the subject access button on a person's row, its menu entries (Bangla). */
export default {
  privacy: {
    subject_access: {
      button: 'তাঁর তথ্য রপ্তানি করুন (বিষয় প্রবেশাধিকার)',
      done: '%{name}-এর তথ্য রপ্তানি হয়েছে',
    },
  },
  menus: {
    privacy: 'গোপনীয়তা',
    'privacy/subject-access': 'বিষয় প্রবেশাধিকার রপ্তানি',
  },
};
