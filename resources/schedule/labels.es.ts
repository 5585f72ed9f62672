import type { ResourceLabels } from '../labels';

/** Spanish labels of "schedule". */
export default {
  name: 'Horario |||| Horarios',
  menu: 'Horarios',
  fields: {
    hospital: 'Hospital',
    day: 'Día',
    visiting_hours: 'Horario de visita',
    url: 'URL',
    logo: 'Logotipo',
    status: 'Estado',
  },
} satisfies ResourceLabels;
