import type { ResourceLabels } from '../labels';

/** Spanish labels of "blog-photos". */
export default {
  name: 'Foto del blog |||| Fotos del blog',
  menu: 'Fotos del blog',
  choices: { type: { Slider: 'Carrusel', Campaign: 'Campaña' } },
  fields: { thumbnail: 'Imagen', title: 'Título', description: 'Descripción', type: 'Tipo', status: 'Estado' },
} satisfies ResourceLabels;
