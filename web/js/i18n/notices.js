// Texts of the notices inbox (the bell in the header and #/notices), merged into i18n.js's
// dictionary.

export const NOTICES = {
  zh: {
    'nav.notices': '通知', 'notices.title': '通知', 'notices.empty': '暂无通知',
    'notices.unseen': '{n} 条未读', 'notices.more': '更多', 'notices.other': '通知：{what}',
    'notices.open': '查看',
  },
  en: {
    'nav.notices': 'Notices', 'notices.title': 'Notices', 'notices.empty': 'No notices yet',
    'notices.unseen': '{n} unread', 'notices.more': 'More', 'notices.other': 'Notice: {what}',
    'notices.open': 'Open',
  },
};
