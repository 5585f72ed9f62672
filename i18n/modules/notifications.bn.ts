/** Notifications: administration, the inbox and the real-time connection (Bengali). */
export default {
  notifications: {
    title: 'বিজ্ঞপ্তি',
    bell: 'অপঠিত বিজ্ঞপ্তি: %{smart_count}',
    inbox: 'আমার বিজ্ঞপ্তি',
    latest: 'সাম্প্রতিক বিজ্ঞপ্তি',
    empty: 'কোনো বিজ্ঞপ্তি নেই',
    mark_all_read: 'সব পঠিত হিসেবে চিহ্নিত করুন',
    show_all: 'সব দেখুন',
    close: 'বন্ধ করুন',
    read: 'পঠিত',
    unread: 'অপঠিত',
    toast: 'নতুন বিজ্ঞপ্তি: %{title}',
    restarting: 'সার্ভার আবার চালু হচ্ছে; পুনরায় সংযোগ করা হচ্ছে…',
    reconnecting: 'সংযোগ বিচ্ছিন্ন, আবার সংযোগ করা হচ্ছে…',
    types: { All: 'সবাই', Group: 'গ্রুপ', User: 'ব্যবহারকারী' },
  },
  menu: { notification: 'বিজ্ঞপ্তি' },
  resources: {
    notification: {
      name: 'বিজ্ঞপ্তি |||| বিজ্ঞপ্তিসমূহ',
      fields: {
        notification_date: 'তারিখ',
        notification_expire_at: 'মেয়াদ শেষের সময়',
        notification_title: 'শিরোনাম',
        notification_description: 'বিবরণ',
        notification_type: 'ধরন',
        notification_user: 'ব্যবহারকারী',
        notification_group: 'গ্রুপ',
        notification_status: 'অবস্থা',
      },
    },
  },
};
