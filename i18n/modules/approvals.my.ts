/**
 * The approvals' words in Burmese (issue 48): the audit log's names of a change request's
 * decisions, the catalogue's names of the decide slugs, and the explainer's reasons (the server
 * says them in English; these are their translations for the console).
 */
export default {
  audit: {
    actions: {
      submit: 'စစ်ဆေးရန် ပေးပို့ပြီး',
      approve: 'အတည်ပြုပြီး',
      reject: 'ပယ်ချပြီး',
      rebase: 'အခြေခံပြန်ချိန်ညှိပြီး',
    },
  },
  menus: {
    'change-request/change-request-approve': 'ပြောင်းလဲမှုတောင်းဆိုချက် အတည်ပြုရန်',
    'change-request/change-request-reject': 'ပြောင်းလဲမှုတောင်းဆိုချက် ပယ်ချရန်',
    'change-request/change-request-rebase': 'ပြောင်းလဲမှုတောင်းဆိုချက် အခြေခံပြန်ချိန်ညှိရန်',
  },
  approvals: {
    review: '%{resource} ပြောင်းလဲမှုများကို %{groups} က စစ်ဆေးရန် လိုအပ်သည်',
    four_eyes: '%{resource} ပြောင်းလဲမှုများအတွက် %{groups} ထံမှ အတည်ပြုချက် နှစ်ခု လိုအပ်သည်',
    access: 'ဝင်ခွင့်ပြောင်းလဲမှုများ',
    sent: 'စစ်ဆေးရန် ပေးပို့ပြီး',
  },
};
