/** Notifications: administration, the inbox and the real-time connection (Spanish). */
export default {
  notifications: {
    title: 'Notificaciones',
    bell: 'Notificaciones: %{smart_count} sin leer',
    inbox: 'Mis notificaciones',
    latest: 'Últimas notificaciones',
    empty: 'No hay notificaciones',
    mark_all_read: 'Marcar todas como leídas',
    show_all: 'Ver todas',
    close: 'Cerrar',
    read: 'Leída',
    unread: 'No leída',
    toast: 'Nueva notificación: %{title}',
    restarting: 'El servidor se está reiniciando; reconectando…',
    reconnecting: 'Conexión perdida, reconectando…',
    types: { All: 'Todos', Group: 'Grupo', User: 'Usuario' },
  },
  menu: { notification: 'Notificación' },
  resources: {
    notification: {
      name: 'Notificación |||| Notificaciones',
      fields: {
        notification_date: 'Fecha',
        notification_expire_at: 'Caduca el',
        notification_title: 'Título',
        notification_description: 'Descripción',
        notification_type: 'Tipo',
        notification_user: 'Usuario',
        notification_group: 'Grupo',
        notification_status: 'Estado',
      },
    },
  },
};
