/** The privacy module's words (issue 49): the subject access and erase buttons on a person's row, its menu entries (Bangla). */
export default {
  privacy: {
    subject_access: {
      button: 'তাঁর তথ্য রপ্তানি করুন (বিষয় প্রবেশাধিকার)',
      done: '%{name}-এর তথ্য রপ্তানি হয়েছে',
    },
    erase: {
      button: 'এই ব্যক্তিকে মুছে ফেলুন',
      title: '%{name}-কে মুছে ফেলবেন?',
      body: 'তাঁর ব্যক্তিগত ঘরগুলো প্রতিস্থাপিত হবে, ছবি মুছে যাবে এবং সেশন শেষ হবে; নিরীক্ষা-লগে এন্ট্রিগুলো থাকবে, কিন্তু তাঁর ব্যক্তিগত মান আর পড়া যাবে না। এটি ফেরানো যাবে না, পুনরুদ্ধার বা আন-ডিলিট করেও নয়।',
      type_name: 'নিশ্চিত করতে %{name} লিখুন',
      confirm: 'মুছে ফেলুন',
      done: '%{name} মুছে ফেলা হয়েছে',
    },
  },
  menus: {
    privacy: 'গোপনীয়তা',
    'privacy/subject-access': 'বিষয় প্রবেশাধিকার রপ্তানি',
    'privacy/erase': 'ব্যক্তিকে মুছে ফেলা',
  },
};
