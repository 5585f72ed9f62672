import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** Spanish labels of "blog-photos". */
export default {
  name: 'Foto del blog |||| Fotos del blog',
  menu: 'Fotos del blog',
  choices: { type: { Slider: 'Carrusel', Campaign: 'Campaña' } },
  fields: {
    ...publishingLabels.es,
    thumbnail: 'Imagen',
    title: 'Título',
    description: 'Descripción',
    type: 'Tipo',
    status: 'Estado',
  },
} satisfies ResourceLabels;
