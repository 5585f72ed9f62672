import type { ResourceLabels } from '../labels';

/** Spanish labels of "investigation". */
export default {
  name: 'Prueba diagnóstica |||| Pruebas diagnósticas',
  menu: 'Pruebas diagnósticas',
  fields: {
    picture: 'Imagen',
    title: 'Título',
    short_description: 'Descripción breve',
    description: 'Descripción',
    status: 'Estado',
  },
} satisfies ResourceLabels;
