import type { ResourceLabels } from '../labels';

/** Spanish labels of "legal-hold". */
export default {
  name: 'Retención legal |||| Retenciones legales',
  menu: 'Retenciones legales',
  choices: {
    hold_resource: {
      users: 'Cuenta de personal',
      doctors: 'Médico',
      member: 'Miembro',
      donation: 'Donante',
    },
  },
  fields: {
    hold_resource: 'Tipo de persona',
    hold_record: 'Id del registro',
    hold_reason: 'Motivo',
    hold_status: 'Estado',
  },
} satisfies ResourceLabels;
