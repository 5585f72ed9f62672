import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** Spanish labels of "schedule". */
export default {
  name: 'Horario |||| Horarios',
  menu: 'Horarios',
  fields: {
    ...publishingLabels.es,
    hospital: 'Hospital',
    day: 'Día',
    visiting_hours: 'Horario de visita',
    url: 'URL',
    logo: 'Logotipo',
    status: 'Estado',
  },
} satisfies ResourceLabels;
