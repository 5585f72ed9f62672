/**
 * The approvals' words in Bengali (issue 48): the audit log's names of a change request's
 * decisions, the catalogue's names of the decide slugs, and the explainer's reasons (the server
 * says them in English; these are their translations for the console).
 */
export default {
  audit: {
    actions: {
      submit: 'পর্যালোচনার জন্য পাঠানো হয়েছে',
      approve: 'অনুমোদিত',
      reject: 'প্রত্যাখ্যাত',
      rebase: 'পুনঃভিত্তি করা হয়েছে',
    },
  },
  menus: {
    'change-request/change-request-approve': 'পরিবর্তনের অনুরোধ অনুমোদন',
    'change-request/change-request-reject': 'পরিবর্তনের অনুরোধ প্রত্যাখ্যান',
    'change-request/change-request-rebase': 'পরিবর্তনের অনুরোধ পুনঃভিত্তি',
  },
  approvals: {
    review: '%{resource} পরিবর্তনে %{groups} এর পর্যালোচনা প্রয়োজন',
    four_eyes: '%{resource} পরিবর্তনে %{groups} থেকে দুটি অনুমোদন প্রয়োজন',
    access: 'প্রবেশাধিকারের পরিবর্তন',
    sent: 'পর্যালোচনার জন্য পাঠানো হয়েছে',
  },
};
