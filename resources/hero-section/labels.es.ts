import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** Spanish labels of "hero-section". */
export default {
  name: 'Sección principal |||| Sección principal',
  menu: 'Sección principal',
  fields: {
    ...publishingLabels.es,
    title_1: 'Título 1',
    title_2: 'Título 2',
    specialist: 'Especialista',
    main_picture: 'Imagen principal',
    left_picture: 'Imagen izquierda',
    right_picture: 'Imagen derecha',
  },
} satisfies ResourceLabels;
