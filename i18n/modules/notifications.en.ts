/** Notifications: administration, the inbox and the real-time connection (English). */
export default {
  notifications: {
    title: 'Notifications',
    bell: 'Notifications: %{smart_count} unread',
    inbox: 'My notifications',
    latest: 'Latest notifications',
    empty: 'No notifications',
    mark_all_read: 'Mark all as read',
    show_all: 'Show all',
    close: 'Close',
    read: 'Read',
    unread: 'Unread',
    toast: 'New notification: %{title}',
    restarting: 'The server is restarting; reconnecting…',
    reconnecting: 'Connection lost, reconnecting…',
    types: { All: 'All', Group: 'Group', User: 'User' },
  },
  menu: { notification: 'Notification' },
  resources: {
    notification: {
      name: 'Notification |||| Notifications',
      fields: {
        notification_date: 'Date',
        notification_expire_at: 'Expire at',
        notification_title: 'Title',
        notification_description: 'Description',
        notification_type: 'Type',
        notification_user: 'User',
        notification_group: 'Group',
        notification_status: 'Status',
      },
    },
  },
};
