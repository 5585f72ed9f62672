import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** Spanish labels of "about" and of its menu group. */
export default {
  name: 'Quiénes somos |||| Quiénes somos',
  menu: 'Sobre el hospital',
  fields: {
    ...publishingLabels.es,
    title: 'Título',
    sub_title: 'Subtítulo',
    description: 'Descripción',
    short_description: 'Descripción breve',
    description_quote: 'Cita de la descripción',
    why_choose_us: 'Por qué elegirnos',
    appointment_phone: 'Teléfono de citas',
    others_phone: 'Otro teléfono',
    appointment_email: 'Correo de citas',
    others_email: 'Otro correo',
    address: 'Dirección',
    about_video: 'Vídeo de presentación',
    facebook_link: 'Enlace de Facebook',
    twitter_link: 'Enlace de Twitter',
    linkedin_link: 'Enlace de LinkedIn',
    youtube_link: 'Enlace de YouTube',
    logo: 'Logotipo',
    logo_icon: 'Icono del logotipo',
    picture_1: 'Imagen 1',
    picture_2: 'Imagen 2',
  },
} satisfies ResourceLabels;

/** The "website" menu group's name. */
export const menuGroup = 'Sitio web';
