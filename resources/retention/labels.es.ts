import type { ResourceLabels } from '../labels';

/** Spanish labels of "retention". */
export default {
  name: 'Conservación |||| Conservación',
  menu: 'Conservación de datos',
  fields: {
    retention_audit_days: 'Conservar entradas de auditoría (días)',
    retention_sign_in_days: 'Conservar historial de inicios de sesión (días)',
    retention_deleted_days: 'Conservar registros eliminados para recuperarlos (días)',
  },
} satisfies ResourceLabels;
